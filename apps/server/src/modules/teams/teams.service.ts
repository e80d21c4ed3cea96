import type { Team } from '@strata/contracts/teams';
import { AppError } from '@strata/domain/errors';
import type { Role } from '@strata/domain/permissions/actions';
import { canCreateWorkspace } from '@strata/domain/plans/plans';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type TeamRow, teamMembers, teams } from '../../db/schema/teams';
import type { UserRow } from '../../db/schema/users';
import { noteChange, noteChanges, permissionRecordId } from '../../events/change-log';
import { recordEvent, teamChannels } from '../../events/outbox';
import { ensureSubscription, toSubscriptionState } from './subscriptions.service';
import { getTeamAccess, requireTeamPermission, roleIn } from './team-access';
import { countMembers, countOwnedTeams, findTeamForMember, findWorkspacesOf } from './teams.repo';

export function toTeam(team: TeamRow, role: Role, memberCount: number): Team {
  return {
    id: team.id,
    name: team.name,
    owner_id: team.ownerId,
    user_role: role,
    member_count: memberCount,
    photo_url: team.photoPath ? `/api/files/${team.photoPath}` : null,
    use_custom_logo: team.useCustomLogo,
    domain: team.domain,
    subscription_id: team.subscriptionId,
    whitelabel_settings: team.whitelabelSettings ?? null,
    row_version: team.rowVersion,
    created_at: team.createdAt.toISOString(),
  };
}

/**
 * Tells the workspace's open screens that its own fields changed (rename, photo): `team.updated`
 * on team.{id}.users with the fields every member sees alike, so the members' lists of workspaces
 * follow at once. Per-person fields (user_role, member_count) are not in it.
 */
export async function announceTeamUpdated(tx: DbOrTx, team: TeamRow, actorId: number): Promise<void> {
  await recordEvent(tx, {
    teamId: team.id,
    type: 'team.updated',
    channel: teamChannels.users(team.id),
    actorId,
    payload: {
      id: team.id,
      row_version: team.rowVersion,
      data: { name: team.name, photo_url: team.photoPath ? `/api/files/${team.photoPath}` : null },
    },
  });
}

/** Creates a workspace owned by the user, if their plan has a free workspace slot. */
export async function createTeam(options: { ctx: AppContext; user: UserRow; name: string }): Promise<Team> {
  const { ctx, user } = options;
  return ctx.db.transaction(async (tx) => {
    const subscription = await ensureSubscription(tx, user.id);
    const owned = await countOwnedTeams(tx, user.id);
    const check = canCreateWorkspace(
      toSubscriptionState(subscription),
      user.id,
      owned,
      ctx.clock.now().getTime(),
    );
    if (!check.allowed)
      throw new AppError(check.reason === 'limit' ? 'WORKSPACE_LIMIT_REACHED' : 'SUBSCRIPTION_REQUIRED');
    const [team] = await tx
      .insert(teams)
      .values({ name: options.name, ownerId: user.id, subscriptionId: subscription.id })
      .returning();
    await tx.insert(teamMembers).values({ teamId: team!.id, userId: user.id, role: 'owner' });
    // The workspace's permission record exists (empty, at row_version 0) from the start, as its GET shows.
    await noteChanges(tx, team!.id, [
      { type: 'team', id: team!.id },
      { type: 'member', id: user.id },
      { type: 'permission_record', id: permissionRecordId('workspace', String(team!.id)) },
    ]);
    return toTeam(team!, 'owner', 1);
  });
}

export async function listMyWorkspaces(options: { ctx: AppContext; user: UserRow }): Promise<Team[]> {
  const { ctx, user } = options;
  const rows = await findWorkspacesOf(ctx.db, user.id);
  const counts = await countMembers(
    ctx.db,
    rows.map((r) => r.team.id),
  );
  return rows.map(({ team, memberRole }) =>
    toTeam(team, roleIn(team, user, memberRole), counts.get(team.id) ?? 0),
  );
}

export async function getTeam(options: { ctx: AppContext; user: UserRow; teamId: number }): Promise<Team> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const counts = await countMembers(options.ctx.db, [access.team.id]);
  return toTeam(access.team, access.role, counts.get(access.team.id) ?? 0);
}

/**
 * Renames the workspace. With `rowVersion` the save is a compare-and-set: it applies only if that is
 * exactly the stored row_version + 1, else 409 with the server's copy (`current`) and nothing changes.
 */
export async function renameTeam(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  name: string;
  rowVersion?: number;
}): Promise<Team> {
  const { ctx, user, teamId, rowVersion } = options;
  const access = await requireTeamPermission(ctx, teamId, user, 'EDIT_WORKSPACE_SETTINGS');
  const team = await ctx.db.transaction(async (tx) => {
    // One conditional UPDATE: the check and the write are one step, also under concurrent saves.
    const [saved] = await tx
      .update(teams)
      .set({
        name: options.name,
        updatedAt: ctx.clock.now(),
        rowVersion: rowVersion ?? sql`${teams.rowVersion} + 1`,
      })
      .where(
        and(
          eq(teams.id, access.team.id),
          isNull(teams.deletedAt),
          rowVersion === undefined ? undefined : eq(teams.rowVersion, rowVersion - 1),
        ),
      )
      .returning();
    if (saved) {
      await noteChange(tx, saved.id, 'team', saved.id);
      await announceTeamUpdated(tx, saved, user.id);
    }
    return saved;
  });
  if (!team) {
    const current = await findTeamForMember(ctx.db, teamId, user.id);
    if (!current || rowVersion === undefined) throw new AppError('NOT_FOUND');
    const counts = await countMembers(ctx.db, [teamId]);
    throw new AppError('CONFLICT', {
      current: toTeam(current.team, roleIn(current.team, user, current.memberRole), counts.get(teamId) ?? 0),
    });
  }
  const counts = await countMembers(ctx.db, [teamId]);
  return toTeam(team, access.role, counts.get(teamId) ?? 0);
}

/** Deletes the workspace (soft: it disappears at once for everyone). Only the owner may. */
export async function deleteTeam(options: { ctx: AppContext; user: UserRow; teamId: number }): Promise<void> {
  const { ctx, user, teamId } = options;
  const access = await requireTeamPermission(ctx, teamId, user, 'DELETE_WORKSPACE');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(teams)
      .set({ deletedAt: ctx.clock.now(), rowVersion: sql`${teams.rowVersion} + 1` })
      .where(eq(teams.id, access.team.id));
    await noteChange(tx, access.team.id, 'team', access.team.id, { deleted: true });
  });
}
