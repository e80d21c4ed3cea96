import type { Action, Role } from '@strata/domain/permissions/actions';
import type { PermissionLevel } from '@strata/domain/permissions/engine';
import type { TeamRow } from '../../db/schema/teams';

/** A member's standing in a workspace: what every check of the member's rights reads. */
export interface TeamAccess {
  team: TeamRow;
  role: Role;
  /** The caller's user id. */
  userId: number;
  /** The workspace's chain of levels (role defaults, workspace record): boards add theirs below. */
  levels: readonly PermissionLevel[];
  can(action: Action): boolean;
}
