import type { TrashRecordRef, TrashResult } from '@strata/contracts/trash';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { folders } from '../../db/schema/boards';
import { attributes, type ItemRow, items } from '../../db/schema/items';
import { folderViews } from '../../db/schema/views';
import { type NotedChange, noteChanges } from '../../events/change-log';
import { recordEvents, teamChannels } from '../../events/outbox';
import { announceItems } from '../items/item-events';
import type { WriteScope } from '../records/write-scope';
import { findAllDescendantIds } from './trash.repo';
import { folderChildren, folderSubtree, loadTrashedRecords, requireTrashBoard } from './trash-records';

/** Statements name at most this many ids (PostgreSQL takes 65,535 parameters per statement). */
const CHUNK = 5000;
const chunks = <T>(list: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, index) =>
    list.slice(index * CHUNK, (index + 1) * CHUNK),
  );

const idArray = (ids: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;

/**
 * Deletes records of a board's trash forever (MANAGE_TRASH), with what hangs on them: an item's
 * subitems; a folder's subfolders and every item and view in them; an attribute's values on the
 * board's items (live items that had one are announced as updated). Clients dropped the records
 * when they were trashed, so no `*.deleted` is announced; delta sync notes each one gone, and
 * one `trash.purged` event on the board's channel names what was asked for.
 */
export async function purgeTrash(
  scope: WriteScope,
  boardId: string,
  refs: readonly TrashRecordRef[],
): Promise<TrashResult> {
  const { tx, access, user } = scope;
  const teamId = access.team.id;
  const board = await requireTrashBoard(tx, access, boardId);
  const trashed = await loadTrashedRecords(tx, teamId, board.id, refs);

  const children = folderChildren(trashed.boardFolders);
  const folderIds = [
    ...new Set(trashed.folders.flatMap((folder) => folderSubtree(folder, children).map((row) => row.id))),
  ];
  const attributeIds = trashed.attributes.map((row) => row.id);
  // Every statement names the workspace and the board.
  const inBoard = (table: typeof items | typeof folders | typeof attributes | typeof folderViews) =>
    and(eq(table.teamId, teamId), eq(table.boardId, board.id));

  // The items named, every item of the folders, and everything under those (read before any
  // row goes: a subitem whose parent moved to another folder is found through its parent).
  const folderItemIds =
    folderIds.length === 0
      ? []
      : (
          await tx
            .select({ id: items.id })
            .from(items)
            .where(and(inBoard(items), inArray(items.folderId, folderIds)))
        ).map((row) => row.id);
  const roots = [...new Set([...trashed.items.map((row) => row.id), ...folderItemIds])];
  const itemIds = new Set(roots);
  for (const chunk of chunks(roots))
    for (const id of await findAllDescendantIds(tx, teamId, chunk)) itemIds.add(id);

  const gone: NotedChange[] = [];
  for (const chunk of chunks([...itemIds])) {
    const rows = await tx
      .delete(items)
      .where(and(inBoard(items), inArray(items.id, chunk)))
      .returning({ id: items.id });
    gone.push(...rows.map((row) => ({ type: 'item' as const, id: row.id, deleted: true })));
  }
  if (folderIds.length > 0) {
    // Their foreign key would remove the views too: deleted here, so that delta sync learns their ids.
    const views = await tx
      .delete(folderViews)
      .where(and(inBoard(folderViews), inArray(folderViews.folderId, folderIds)))
      .returning({ id: folderViews.id });
    gone.push(...views.map((row) => ({ type: 'view' as const, id: row.id, deleted: true })));
    const removed = await tx
      .delete(folders)
      .where(and(inBoard(folders), inArray(folders.id, folderIds)))
      .returning({ id: folders.id });
    gone.push(...removed.map((row) => ({ type: 'folder' as const, id: row.id, deleted: true })));
  }
  if (attributeIds.length > 0) {
    const rows = await tx
      .delete(attributes)
      .where(and(inBoard(attributes), inArray(attributes.id, attributeIds)))
      .returning({ id: attributes.id });
    gone.push(...rows.map((row) => ({ type: 'attribute' as const, id: row.id, deleted: true })));
    await dropValues(scope, board.id, attributeIds);
  }
  await noteChanges(tx, teamId, gone);
  await recordEvents(tx, [
    {
      teamId,
      type: 'trash.purged',
      channel: teamChannels.board(teamId, board.id),
      actorId: user.id,
      payload: { id: board.id, data: { records: refs.map(({ type, id }) => ({ type, id })) } },
    },
  ]);
  return {
    records: gone
      .filter((change) => change.type !== 'view')
      .map((change) => ({ type: change.type as 'item' | 'folder' | 'attribute', id: String(change.id) })),
  };
}

/**
 * Removes the values of purged attributes from the board's items (a new row_version each); the
 * live items are announced, the trashed ones were dropped by clients already.
 */
async function dropValues(scope: WriteScope, boardId: string, attributeIds: readonly string[]) {
  const { tx, access, now } = scope;
  const rows: ItemRow[] = await tx
    .update(items)
    .set({
      values: sql`${items.values} - ${idArray(attributeIds)}`,
      updatedAt: now,
      rowVersion: sql`${items.rowVersion} + 1`,
    })
    .where(
      and(
        eq(items.teamId, access.team.id),
        eq(items.boardId, boardId),
        sql`${items.values} ?| ${idArray(attributeIds)}`,
      ),
    )
    .returning();
  await announceItems(
    tx,
    'item.updated',
    rows.filter((row) => row.deletedAt === null),
    scope.user.id,
  );
}
