import type { BoardPermissionRecord } from '@strata/contracts/boards';
import type { PermissionRecord } from '@strata/contracts/permissions';
import { AppError } from '@strata/domain/errors';
import { inheritedKeys } from '@strata/domain/permissions/engine';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import {
  checkedRecordKeys,
  type PermissionRecordInput,
  storePermissionRecord,
} from '../teams/permission-record-store';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { boardCan, boardPrivacyLevel, canViewBoard } from './board-access';
import { type BoardWithRecord, findBoard, findBoardsWithRecords } from './boards.repo';
import { requireListedBoard } from './boards.service';

/**
 * A board's permission record (spec section 3) as GET .../permissions/boards/{boardId} shows it:
 * the saved keys (none, at row_version 0, until a first save), inheriting the workspace's chain
 * and the board's privacy. A private board's private rules are therefore among its
 * `inherited_permissions`: they come from its privacy switch, not from its record.
 */
export function toBoardPermissionRecord(access: TeamAccess, board: BoardWithRecord): BoardPermissionRecord {
  const record = board.permissionRecord;
  return {
    resource_type: 'board',
    resource_id: board.id,
    permissions: [...(record?.permissions ?? [])],
    final_permissions: [...(record?.final_permissions ?? [])] as PermissionRecord['final_permissions'],
    inherited_permissions: inheritedKeys([...access.levels, boardPrivacyLevel(board)]),
    row_version: record?.row_version ?? 0,
    team_id: access.team.id,
  };
}

/** GET .../permissions/boards/{boardId}: for anyone who sees the board (404 otherwise). */
export async function getBoardPermissionRecord(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
}): Promise<BoardPermissionRecord> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const board = await requireListedBoard(options.ctx.db, access, options.boardId);
  return toBoardPermissionRecord(access, board);
}

/** The saved records of the boards the caller sees (all, or these board ids), in board order. */
export async function listVisibleBoardRecords(
  db: DbOrTx,
  access: TeamAccess,
  boardIds?: readonly string[],
): Promise<BoardPermissionRecord[]> {
  const boards = await findBoardsWithRecords(db, access.team.id, boardIds);
  return boards
    .filter((board) => canViewBoard(access, board))
    .map((board) => toBoardPermissionRecord(access, board));
}

/**
 * Saves a board's record with compare-and-set on row_version. The board must be a live board of
 * the workspace that the caller sees (404 otherwise, as any foreign id), and the caller needs
 * MANAGE_PERMISSIONS on it, as the board stands before the save (403). The event on
 * team.{id}.permissions carries no data: that channel reaches every member, and the record names
 * a board some of them may not see; those who do read it by GET or delta sync.
 */
export async function saveBoardPermissionRecord(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  record: PermissionRecordInput;
}): Promise<BoardPermissionRecord> {
  const { ctx, record } = options;
  const access = await getTeamAccess(ctx, options.teamId, options.user);
  const teamId = access.team.id;
  const saved = await ctx.db.transaction(async (tx) => {
    const board = await requireListedBoard(tx, access, record.resource_id);
    if (!boardCan(access, board)('MANAGE_PERMISSIONS')) throw new AppError('FORBIDDEN');
    const { permissions, finalPermissions } = checkedRecordKeys(record);
    const isWritten = await storePermissionRecord(tx, {
      teamId,
      resourceType: 'board',
      resourceId: board.id,
      permissions,
      finalPermissions,
      rowVersion: record.row_version,
      now: ctx.clock.now(),
      actorId: options.user.id,
    });
    if (!isWritten) return undefined;
    const permissionRecord = {
      permissions,
      final_permissions: finalPermissions,
      row_version: record.row_version,
    };
    return toBoardPermissionRecord(access, { ...board, permissionRecord });
  });
  if (saved) return saved;
  const current = await findBoard(ctx.db, teamId, record.resource_id);
  if (!current || !canViewBoard(access, current)) throw new AppError('NOT_FOUND');
  throw new AppError('CONFLICT', { current: toBoardPermissionRecord(access, current) });
}
