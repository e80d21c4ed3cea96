import {
  PUBLIC_VIEW_TYPES,
  type PublicFolderContents,
  type PublicItem,
} from '@strata/contracts/public-boards';
import { AppError } from '@strata/domain/errors';
import { readViewSettings } from '@strata/domain/views/view-settings';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import type { FolderRow } from '../../db/schema/boards';
import { users } from '../../db/schema/users';
import { folderCan } from '../boards/folder-access';
import { findBoardAttributesCached } from '../items/item-reads';
import { findFolderViews } from '../views/view-records';
import { findOwnItemIds, findVisitorId, visitorRightsIn } from './board-visitors';
import type { PublicBoardScope } from './public-board';

/** An ISO 8601 instant in UTC with milliseconds, as the app's item lists write it. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A public folder's live items as a visitor gets them: no workspace, board or row versions, built
 * by the database as one JSON text (one range read of the folder index), in the folder's order.
 */
const PUBLIC_ITEMS_SQL = `
  SELECT coalesce(json_agg(json_build_object(
      'id', id, 'folder_id', folder_id, 'parent_id', parent_id, 'sort_order', sort_order,
      'created_by', created_by, 'values', "values", 'comments_count', comments_count,
      'created_at', ${iso('created_at')}, 'updated_at', ${iso('updated_at')}
    ) ORDER BY sort_order, id), '[]')::text AS json
  FROM items
  WHERE team_id = $1 AND folder_id = $2 AND deleted_at IS NULL`;

const PUBLIC_TYPES = new Set<string>(PUBLIC_VIEW_TYPES);

export const toPublicFolder = (folder: FolderRow) => ({
  id: folder.id,
  parent_id: folder.parentId,
  name: folder.name,
  color: folder.color,
  sort_order: folder.sortOrder,
});

/** The people the items name: their creators and the values of members attributes. */
function namedUserIds(items: readonly PublicItem[], memberAttributeIds: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const item of items) {
    if (item.created_by !== null) ids.add(item.created_by);
    for (const attributeId of memberAttributeIds) {
      const data = item.values[attributeId]?.data;
      if (Array.isArray(data)) for (const id of data) if (Number.isInteger(id)) ids.add(id);
    }
  }
  return [...ids];
}

/**
 * GET /api/public/boards/{boardId}/folders/{folderId}: a folder of the public board the visitor
 * sees (else 404, the same answer as a folder that does not exist), with the board's attributes,
 * the folder's shared views of the types a public board shows, its items, and the people those
 * name by name only (no email, photo or role); what the visitor may do there, and which of its
 * items are theirs (by their visitor token, if they sent one).
 */
export async function readPublicFolder(
  ctx: AppContext,
  scope: PublicBoardScope,
  folderId: string,
  visitorToken: string | undefined,
): Promise<PublicFolderContents> {
  const { access, board, boardFolders } = scope;
  const teamId = access.team.id;
  const folder = boardFolders.find((candidate) => candidate.id === folderId);
  if (!folder || !folderCan(access, board, folder.id, boardFolders).canView) throw new AppError('NOT_FOUND');
  const [attributeRows, viewRows, itemRows, visitorId] = await Promise.all([
    findBoardAttributesCached({ ctx, tx: ctx.db }, teamId, board.id),
    findFolderViews(ctx.db, access, folder.id),
    ctx.database.executeSql(PUBLIC_ITEMS_SQL, [teamId, folder.id]),
    findVisitorId(ctx, scope, visitorToken),
  ]);
  const items = JSON.parse(rowsOf<{ json: string }>(itemRows).rows[0]?.json ?? '[]') as PublicItem[];
  const rights = visitorRightsIn(scope, folder.id);
  const memberAttributes = attributeRows.filter((row) => row.type === 'members').map((row) => row.id);
  const userIds = namedUserIds(items, memberAttributes);
  const members =
    userIds.length === 0
      ? []
      : await ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds));
  return {
    folder: toPublicFolder(folder),
    attributes: attributeRows.map((row) => ({
      id: row.id,
      name: row.name,
      type: row.type as PublicFolderContents['attributes'][number]['type'],
      settings: row.settings as Record<string, unknown>,
      sort_order: row.sortOrder,
    })),
    views: viewRows
      .filter((row) => row.visibility === 'shared' && PUBLIC_TYPES.has(row.type))
      .map((row) => ({
        id: row.id,
        type: row.type as PublicFolderContents['views'][number]['type'],
        name: row.name,
        settings: readViewSettings(row.settings) as unknown as Record<string, unknown>,
        sort_order: row.sortOrder,
      })),
    items,
    members,
    rights,
    own_item_ids:
      rights.edit === 'own'
        ? await findOwnItemIds(
            ctx.db,
            teamId,
            visitorId,
            items.map((item) => item.id),
          )
        : [],
  };
}
