import type { Action } from '@strata/domain/permissions/actions';
import { privateBoardLevel } from '@strata/domain/permissions/defaults';
import { decide, effectiveRules, type PermissionLevel } from '@strata/domain/permissions/engine';
import type { BoardRow } from '../../db/schema/boards';
import type { TeamAccess } from '../teams/team-access';

const NO_RULES: PermissionLevel = { permissions: [], final_permissions: [] };

/**
 * A board's own level. Board records are not stored yet: the level is the private rules of the
 * domain defaults on a private board, and nothing otherwise.
 */
export function boardLevel(board: Pick<BoardRow, 'isPrivate'>): PermissionLevel {
  return board.isPrivate ? privateBoardLevel() : NO_RULES;
}

/** What the caller may do on one board: the workspace's chain with the board's level below it. */
export function boardCan(
  access: TeamAccess,
  board: Pick<BoardRow, 'isPrivate' | 'userIds'>,
): (action: Action) => boolean {
  const rules = effectiveRules([...access.levels, boardLevel(board)]);
  const actor = {
    userId: access.userId,
    role: access.role,
    isBoardMember: board.userIds.includes(access.userId),
  };
  return (action) => decide(rules, actor, action);
}

/** Whether the caller sees the board (VIEW_BOARD). */
export const canViewBoard = (access: TeamAccess, board: Pick<BoardRow, 'isPrivate' | 'userIds'>) =>
  boardCan(access, board)('VIEW_BOARD');
