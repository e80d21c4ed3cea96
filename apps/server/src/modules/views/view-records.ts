import type { FolderView, ViewVisibility } from '@strata/contracts/views';
import type { ViewType } from '@strata/domain/views/view-settings';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type FolderViewRow, folderViews } from '../../db/schema/views';
import { noteChanges } from '../../events/change-log';
import { recordEvents, teamChannels } from '../../events/outbox';
import type { TeamAccess } from '../teams/team-access-types';

/** A view as the API shows it. */
export function toView(row: FolderViewRow): FolderView {
  return {
    id: row.id,
    object: 'folderview',
    team_id: row.teamId,
    board_id: row.boardId,
    folder_id: row.folderId,
    parent_id: null,
    type: row.type as ViewType,
    name: row.name,
    settings: row.settings,
    visibility: row.visibility as ViewVisibility,
    locked: row.locked,
    sort_order: row.sortOrder,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    row_version: row.rowVersion,
  };
}

/**
 * Whether the caller sees a view: a shared one, a personal one of theirs, or any personal one
 * when they own the workspace (spec section 6).
 */
export function seesView(access: TeamAccess, row: Pick<FolderViewRow, 'visibility' | 'createdBy'>): boolean {
  return row.visibility === 'shared' || row.createdBy === access.userId || access.role === 'owner';
}

/** A view by id in any state (the trash included), in the caller's workspace. */
export async function findViewAnyState(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select()
    .from(folderViews)
    .where(and(eq(folderViews.teamId, teamId), eq(folderViews.id, id)))
    .limit(1);
  return row;
}

export function findViews(db: DbOrTx, teamId: number, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(folderViews)
    .where(and(eq(folderViews.teamId, teamId), inArray(folderViews.id, [...ids])));
}

/** A folder's live views the caller sees, in tab order. */
export function findFolderViews(db: DbOrTx, access: TeamAccess, folderId: string) {
  const teamId = access.team.id;
  const visible =
    access.role === 'owner'
      ? undefined
      : or(eq(folderViews.visibility, 'shared'), eq(folderViews.createdBy, access.userId));
  return db
    .select()
    .from(folderViews)
    .where(
      and(
        eq(folderViews.teamId, teamId),
        eq(folderViews.folderId, folderId),
        isNull(folderViews.deletedAt),
        visible,
      ),
    )
    .orderBy(sql`${folderViews.sortOrder} NULLS LAST`, folderViews.createdAt, folderViews.id);
}

/**
 * Announces view changes on their board's channel and notes them for delta sync. A shared view's
 * event carries the view; a personal one's (or one that was personal before the write) carries
 * none: everyone on the board hears it, so it only tells the open views to reload what each may see.
 */
export async function announceViews(
  tx: DbOrTx,
  type: 'view.created' | 'view.updated' | 'view.deleted',
  rows: readonly { row: FolderViewRow; wasPersonal?: boolean }[],
  actorId: number,
): Promise<void> {
  if (rows.length === 0) return;
  await recordEvents(
    tx,
    rows.map(({ row, wasPersonal }) => {
      const isPublic = row.visibility === 'shared' && !wasPersonal;
      return {
        teamId: row.teamId,
        type,
        channel: teamChannels.board(row.teamId, row.boardId),
        actorId,
        payload: { id: row.id, row_version: row.rowVersion, ...(isPublic ? { data: toView(row) } : {}) },
      };
    }),
  );
  await noteChanges(
    tx,
    rows[0]!.row.teamId,
    rows.map(({ row }) => ({ type: 'view' as const, id: row.id, deleted: row.deletedAt !== null })),
  );
}
