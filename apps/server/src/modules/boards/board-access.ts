import type { Action } from '@strata/domain/permissions/actions';
import { privateBoardLevel } from '@strata/domain/permissions/defaults';
import { type Actor, decide, effectiveRules, type PermissionLevel } from '@strata/domain/permissions/engine';
import type { BoardRow } from '../../db/schema/boards';
import type { TeamAccess } from '../teams/team-access-types';

const NO_RULES: PermissionLevel = { permissions: [], final_permissions: [] };

/** A board's saved permission record (spec section 3): its own keys, final actions and row_version. */
export interface StoredBoardRecord extends PermissionLevel {
  row_version: number;
}

/**
 * What deciding about a board reads: its privacy, its members, and its saved permission record.
 * The board lookups of boards.repo.ts attach `permissionRecord` (null: none saved). A board
 * without the property (a row straight from an INSERT or UPDATE ... RETURNING) is judged as if
 * no record were saved; pass the looked-up board wherever one was looked up.
 */
export type BoardForAccess = Pick<BoardRow, 'isPrivate' | 'userIds'> & {
  permissionRecord?: StoredBoardRecord | null;
};

/**
 * The level a board's privacy switch adds: the private rules of the domain defaults on a private
 * board, nothing otherwise. It sits between the workspace's record and the board's own record,
 * so the board's record may override it (docs/permissions.md, "Boards: privacy and records").
 */
export function boardPrivacyLevel(board: Pick<BoardRow, 'isPrivate'>): PermissionLevel {
  return board.isPrivate ? privateBoardLevel() : NO_RULES;
}

/** The board's levels, top first: its privacy, then its saved record when there is one. */
export function boardLevels(board: BoardForAccess): PermissionLevel[] {
  const record = board.permissionRecord;
  return record ? [boardPrivacyLevel(board), record] : [boardPrivacyLevel(board)];
}

/** The caller as the engine judges them on a board: the anonymous visitor has no user id. */
export function actorOn(access: TeamAccess, board: Pick<BoardForAccess, 'userIds'>): Actor {
  if (access.anonymous) return { userId: null, role: 'guest', isBoardMember: false };
  return { userId: access.userId, role: access.role, isBoardMember: board.userIds.includes(access.userId) };
}

/** What the caller may do on one board: the workspace's chain with the board's levels below it. */
export function boardCan(access: TeamAccess, board: BoardForAccess): (action: Action) => boolean {
  const rules = effectiveRules([...access.levels, ...boardLevels(board)]);
  const actor = actorOn(access, board);
  return (action) => decide(rules, actor, action);
}

/** Whether the caller sees the board (VIEW_BOARD). */
export const canViewBoard = (access: TeamAccess, board: BoardForAccess) =>
  boardCan(access, board)('VIEW_BOARD');
