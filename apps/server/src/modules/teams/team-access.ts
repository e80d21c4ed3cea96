import { AppError } from '@strata/domain/errors';
import type { Action, Role } from '@strata/domain/permissions/actions';
import { defaultLevel } from '@strata/domain/permissions/defaults';
import { decide, effectiveRules, type PermissionLevel } from '@strata/domain/permissions/engine';
import { resolveRole } from '@strata/domain/permissions/roles';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { TeamRow } from '../../db/schema/teams';
import type { UserRow } from '../../db/schema/users';
import type { TeamAccess } from './team-access-types';
import { findTeamForMember, findWorkspaceLevel } from './teams.repo';

const DEFAULTS = defaultLevel();

/** The user's role in a workspace, by the domain's one rule (owner by id, guest accounts as guests). */
export function roleIn(team: TeamRow, user: Pick<UserRow, 'id' | 'guest'>, memberRole: string): Role {
  return resolveRole({
    userId: user.id,
    isGuestUser: user.guest,
    teamOwnerId: team.ownerId,
    memberRole: memberRole === 'owner' ? null : (memberRole as Exclude<Role, 'owner'>),
  });
}

/**
 * A standing in a workspace from its own level, for one actor: a member (their user id and role)
 * or the anonymous visitor of a public board (no user id: the engine's actor who matches only the
 * guest user's rules, docs/public-boards.md). The one constructor of both.
 */
export function standingOf(
  team: TeamRow,
  actor: { userId: number | null; role: Role },
  workspaceLevel: PermissionLevel,
): TeamAccess {
  const levels = [DEFAULTS, workspaceLevel];
  const rules = effectiveRules(levels);
  const decider = { userId: actor.userId, role: actor.role, isBoardMember: false };
  const can = (action: Action) => decide(rules, decider, action);
  return actor.userId === null
    ? { team, role: actor.role, userId: 0, anonymous: true, levels, can }
    : { team, role: actor.role, userId: actor.userId, levels, can };
}

/**
 * A member's standing from what was read about them: the workspace, their membership role and the
 * workspace's own level. Pure, so a reader of many members (the real-time hub re-checking who
 * still sees a board) reads each of those once for all of them.
 */
export function teamAccessOf(options: {
  team: TeamRow;
  user: Pick<UserRow, 'id' | 'guest'>;
  memberRole: string;
  workspaceLevel: PermissionLevel;
}): TeamAccess {
  const { team, user } = options;
  return standingOf(
    team,
    { userId: user.id, role: roleIn(team, user, options.memberRole) },
    options.workspaceLevel,
  );
}

/** The user's standing in a workspace, or undefined when they are not a member (or it is gone). */
export async function findTeamAccess(
  db: DbOrTx,
  teamId: number,
  user: Pick<UserRow, 'id' | 'guest'>,
): Promise<TeamAccess | undefined> {
  const found = await findTeamForMember(db, teamId, user.id);
  if (!found) return undefined;
  const workspaceLevel = await findWorkspaceLevel(db, teamId);
  return teamAccessOf({ team: found.team, user, memberRole: found.memberRole, workspaceLevel });
}

/**
 * The user's standing in a workspace. A workspace the user does not belong to answers 404, the
 * same as one that does not exist: ids of other tenants reveal nothing. `db` may be an open
 * transaction, for readers that need the standing in the same snapshot as what they read.
 */
export async function getTeamAccess(
  ctx: AppContext,
  teamId: number,
  user: UserRow,
  db: DbOrTx = ctx.db,
): Promise<TeamAccess> {
  const access =
    db === ctx.db ? await findCachedTeamAccess(ctx, teamId, user) : await findTeamAccess(db, teamId, user);
  if (!access) throw new AppError('NOT_FOUND');
  return access;
}

/**
 * findTeamAccess through the memory of this process (`ctx.caches.memberships`): every write of a
 * membership, a role, a permission record or the workspace row drops the workspace's entries on
 * every process when it commits (events/change-log.ts), a change of the user's row drops theirs.
 * Readers inside a transaction read the tables instead, in their snapshot.
 */
export async function findCachedTeamAccess(
  ctx: AppContext,
  teamId: number,
  user: Pick<UserRow, 'id' | 'guest'>,
): Promise<TeamAccess | undefined> {
  const found = await ctx.caches.memberships.read(`${teamId}:${user.id}:${user.guest}`, () =>
    findTeamAccess(ctx.db, teamId, user),
  );
  return found ?? undefined;
}

/** Throws 403 unless the user may do `action` in the workspace. */
export async function requireTeamPermission(
  ctx: AppContext,
  teamId: number,
  user: UserRow,
  action: Action,
): Promise<TeamAccess> {
  const access = await getTeamAccess(ctx, teamId, user);
  if (!access.can(action)) throw new AppError('FORBIDDEN');
  return access;
}
