import { AppError } from '@strata/domain/errors';
import { hasNoted } from '../../cache/commit-hooks';
import type { DbOrTx } from '../../db/client';
import type { FolderRow } from '../../db/schema/boards';
import type { AttributeRow } from '../../db/schema/items';
import { type AttachmentLookup, attachmentLookup } from '../attachments/attachment-values';
import {
  type BoardWithRecord,
  findBoardFolders,
  findFolderAnyState,
  findMemberIds,
} from '../boards/boards.repo';
import { requireVisibleBoard } from '../boards/boards.service';
import { folderCan } from '../boards/folder-access';
import type { WriteScope } from '../records/write-scope';
import type { TeamAccess } from '../teams/team-access';
import { findBoardAttributes } from './items.repo';

/**
 * The reads an item write needs, each done once per scope: a batch of creates in one folder reads
 * its folder, board and attributes once, and the members named by all of them in one query. Only
 * for writes that change none of these (item creates): a batch that also saves attributes must
 * read afresh for every operation.
 */
export interface ItemReads {
  /** A live folder the caller sees (requireVisibleFolder); else 404. */
  visibleFolder(folderId: string): Promise<{ folder: FolderRow; board: BoardWithRecord }>;
  boardAttributes(boardId: string): Promise<AttributeRow[]>;
  members(userIds: readonly number[]): Promise<(userId: number) => boolean>;
  attachments: AttachmentLookup;
}

/**
 * A live folder of the workspace whose board the caller sees and that they see themselves (the one
 * rule of folder-access.ts: VIEW_FOLDER down its chain, hidden and private folders); else 404.
 */
export async function requireVisibleFolder(db: DbOrTx, access: TeamAccess, folderId: string) {
  const folder = await findFolderAnyState(db, access.team.id, folderId);
  if (!folder || folder.deletedAt) throw new AppError('NOT_FOUND');
  const board = await requireVisibleBoard(db, access, folder.boardId);
  const boardFolders = await findBoardFolders(db, access.team.id, board.id);
  if (!folderCan(access, board, folder.id, boardFolders).canView) throw new AppError('NOT_FOUND');
  return { folder, board };
}

/**
 * A board's live attributes, kept in memory (`ctx.caches.attributes`) until a write of the
 * workspace's attributes or boards commits. A transaction that changed attributes itself reads
 * them from its own snapshot and keeps nothing: it may still roll back.
 */
export async function findBoardAttributesCached(
  scope: Pick<WriteScope, 'ctx' | 'tx'>,
  teamId: number,
  boardId: string,
): Promise<AttributeRow[]> {
  const { ctx, tx } = scope;
  if (hasNoted(tx, (change) => change.scope === 'attributes' && change.teamId === teamId))
    return findBoardAttributes(tx, teamId, boardId);
  const found = await ctx.caches.attributes.read(`${teamId}:${boardId}`, async () => [
    ...(await findBoardAttributes(tx, teamId, boardId)),
  ]);
  return found ?? [];
}

export function itemReads(scope: WriteScope): ItemReads {
  const { tx, access } = scope;
  const teamId = access.team.id;
  const folders = new Map<string, Promise<{ folder: FolderRow; board: BoardWithRecord }>>();
  const attributes = new Map<string, Promise<AttributeRow[]>>();
  const known = new Map<number, boolean>();
  const memo = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    let found = map.get(key);
    if (!found) {
      // Drizzle's queries are lazy thenables that run again on every await: settle it once.
      found = Promise.resolve(load());
      map.set(key, found);
    }
    return found;
  };
  return {
    attachments: attachmentLookup(tx, teamId),
    visibleFolder: (folderId) => memo(folders, folderId, () => requireVisibleFolder(tx, access, folderId)),
    boardAttributes: (boardId) =>
      memo(attributes, boardId, () => findBoardAttributesCached(scope, teamId, boardId)),
    async members(userIds) {
      const unknown = userIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        const found = await findMemberIds(tx, teamId, unknown);
        for (const id of unknown) known.set(id, found.has(id));
      }
      return (userId) => known.get(userId) === true;
    },
  };
}
