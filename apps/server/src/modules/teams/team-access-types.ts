import type { Action, Role } from '@strata/domain/permissions/actions';
import type { PermissionLevel } from '@strata/domain/permissions/engine';
import type { TeamRow } from '../../db/schema/teams';

/** A member's standing in a workspace: what every check of the member's rights reads. */
export interface TeamAccess {
  team: TeamRow;
  role: Role;
  /** The caller's user id (0 for the anonymous visitor, who has none). */
  userId: number;
  /**
   * The anonymous visitor of a public board (teams/team-access.ts `standingOf`): they match only the
   * guest user's rules (the engine's actor with no user id), never a role's or a member's.
   */
  anonymous?: true;
  /** The workspace's chain of levels (role defaults, workspace record): boards add theirs below. */
  levels: readonly PermissionLevel[];
  can(action: Action): boolean;
}
