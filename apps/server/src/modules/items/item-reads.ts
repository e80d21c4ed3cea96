import { AppError } from '@strata/domain/errors';
import type { CacheInvalidation } from '../../cache/cache-invalidation';
import { hasNoted } from '../../cache/commit-hooks';
import type { HotCache, StructureCaches } from '../../cache/hot-caches';
import type { DbOrTx } from '../../db/client';
import type { FolderRow } from '../../db/schema/boards';
import type { AttributeRow } from '../../db/schema/items';
import { type AttachmentLookup, attachmentLookup } from '../attachments/attachment-values';
import { canViewBoard } from '../boards/board-access';
import { requireUnlockedBoard } from '../boards/board-locks';
import {
  type BoardWithRecord,
  findBoard,
  findBoardFolders,
  findFolderAnyState,
  findMemberIds,
} from '../boards/boards.repo';
import { folderCan } from '../boards/folder-access';
import type { WriteScope } from '../records/write-scope';
import type { TeamAccess } from '../teams/team-access-types';
import { findBoardAttributes } from './items.repo';

/**
 * The workspace's folders and boards as item writes read them: straight from the database, or once
 * per batch (`rememberStructure`: a group commit of several people's edits shares them, and each
 * person's access is judged from the same rows).
 */
export interface StructureReads {
  folder(folderId: string): Promise<FolderRow | undefined>;
  /** A live board with its permission record. */
  board(boardId: string): Promise<BoardWithRecord | undefined>;
  /** A board's live folders. */
  boardFolders(boardId: string): Promise<FolderRow[]>;
}

/** Reads of folders and boards as they are asked for. */
export function readStructure(db: DbOrTx, teamId: number): StructureReads {
  return {
    folder: (folderId) => findFolderAnyState(db, teamId, folderId),
    board: (boardId) => findBoard(db, teamId, boardId),
    boardFolders: async (boardId) => [...(await findBoardFolders(db, teamId, boardId))],
  };
}

/**
 * Reads of folders and boards through the process's caches (`ctx.caches.structure`, dropped when
 * a write of the workspace's folders, boards or standings commits), so that a stream of edits
 * does not read the same rows batch after batch. A transaction that changed the structure itself
 * reads from its own snapshot and keeps nothing: it may still roll back.
 */
function cachedStructure(db: DbOrTx, teamId: number, caches: StructureCaches): StructureReads {
  const read = readStructure(db, teamId);
  const through = async <V>(cache: HotCache<V>, id: string, load: () => Promise<V | undefined>) => {
    if (
      hasNoted(
        db,
        (change) => STRUCTURE_SCOPES.has(change.scope) && 'teamId' in change && change.teamId === teamId,
      )
    )
      return load();
    return (await cache.read(`${teamId}:${id}`, load)) ?? undefined;
  };
  return {
    folder: (folderId) => through(caches.folders, folderId, () => read.folder(folderId)),
    board: (boardId) => through(caches.boards, boardId, () => read.board(boardId)),
    boardFolders: async (boardId) =>
      (await through(caches.boardFolders, boardId, () => read.boardFolders(boardId))) ?? [],
  };
}

/** The invalidations that drop the structure caches (hot-caches.ts). */
const STRUCTURE_SCOPES = new Set<CacheInvalidation['scope']>(['structure', 'team']);

/**
 * Reads of folders and boards, each read once (only for writes that change none of them), through
 * the process's caches when given.
 */
export function rememberStructure(db: DbOrTx, teamId: number, caches?: StructureCaches): StructureReads {
  const read = caches ? cachedStructure(db, teamId, caches) : readStructure(db, teamId);
  const folders = new Map<string, Promise<FolderRow | undefined>>();
  const boards = new Map<string, Promise<BoardWithRecord | undefined>>();
  const boardFolders = new Map<string, Promise<FolderRow[]>>();
  return {
    folder: (folderId) => memo(folders, folderId, () => read.folder(folderId)),
    board: (boardId) => memo(boards, boardId, () => read.board(boardId)),
    boardFolders: (boardId) => memo(boardFolders, boardId, () => read.boardFolders(boardId)),
  };
}

function memo<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let found = map.get(key);
  if (!found) {
    // Drizzle's queries are lazy thenables that run again on every await: settle it once.
    found = Promise.resolve(load());
    map.set(key, found);
  }
  return found;
}

/**
 * The reads an item write needs, each done once per scope: a batch of creates in one folder reads
 * its folder, board and attributes once, and the members named by all of them in one query. Only
 * for writes that change none of these (item creates and value edits): a batch that also saves
 * attributes must read afresh for every operation.
 */
export interface ItemReads {
  /** A live folder the caller sees (requireVisibleFolder); else 404. */
  visibleFolder(folderId: string): Promise<{ folder: FolderRow; board: BoardWithRecord }>;
  boardAttributes(boardId: string): Promise<AttributeRow[]>;
  members(userIds: readonly number[]): Promise<(userId: number) => boolean>;
  attachments: AttachmentLookup;
  /** The folders and boards read so far, each once. */
  structure: StructureReads;
}

/**
 * A live folder of the workspace whose board the caller sees and that they see themselves (the one
 * rule of folder-access.ts: VIEW_FOLDER down its chain, hidden and private folders); else 404.
 * `structure`: where the folder, its board and the board's folders are read from.
 */
export async function requireVisibleFolder(
  db: DbOrTx,
  access: TeamAccess,
  folderId: string,
  structure: StructureReads = readStructure(db, access.team.id),
) {
  const folder = await structure.folder(folderId);
  if (!folder || folder.deletedAt) throw new AppError('NOT_FOUND');
  // requireVisibleBoard's rule (boards.service.ts) on the board the structure read.
  const board = await structure.board(folder.boardId);
  if (!board || !canViewBoard(access, board)) throw new AppError('NOT_FOUND');
  await requireUnlockedBoard(db, access, board);
  const boardFolders = await structure.boardFolders(board.id);
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

/** The reads of one person's item writes; `structure` may be shared with others' in one batch. */
export function itemReads(
  scope: WriteScope,
  structure: StructureReads = rememberStructure(scope.tx, scope.access.team.id, scope.ctx.caches.structure),
): ItemReads {
  const { tx, access } = scope;
  const teamId = access.team.id;
  const folders = new Map<string, Promise<{ folder: FolderRow; board: BoardWithRecord }>>();
  const attributes = new Map<string, Promise<AttributeRow[]>>();
  const known = new Map<number, boolean>();
  return {
    structure,
    attachments: attachmentLookup(tx, teamId),
    visibleFolder: (folderId) =>
      memo(folders, folderId, () => requireVisibleFolder(tx, access, folderId, structure)),
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
