import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isAnyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { permissionRecords, type TeamRow, teamMembers, teams } from '../../db/schema/teams';

/** The team and the user's membership role, or undefined when the team is gone or foreign to them. */
export async function findTeamForMember(
  db: DbOrTx,
  teamId: number,
  userId: number,
): Promise<{ team: TeamRow; memberRole: string } | undefined> {
  const [row] = await db
    .select({ team: teams, memberRole: teamMembers.role })
    .from(teams)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(and(eq(teams.id, teamId), isNull(teams.deletedAt)))
    .limit(1);
  return row;
}

/**
 * A live workspace, the memberships of these users in it (with what deciding their role reads of
 * each user; users who are not members are left out) and its own level in the permission chain
 * (findWorkspaceLevel's), in one query.
 */
export async function findTeamMembersOf(
  db: DbOrTx,
  teamId: number,
  userIds: readonly number[],
): Promise<
  | {
      team: TeamRow;
      members: { user: { id: number; guest: boolean }; memberRole: string }[];
      workspaceLevel: PermissionLevel;
    }
  | undefined
> {
  // Names written out whole: a one-table select leaves its columns unqualified.
  const [row] = await db
    .select({
      team: teams,
      members: sql<[number, boolean, string][] | null>`(
        select json_agg(json_build_array(users.id, users.guest, team_members.role))
        from team_members join users on users.id = team_members.user_id
        where team_members.team_id = teams.id and ${isAnyOf(teamMembers.userId, userIds)})`,
      level: sql<PermissionLevel | null>`(
        select json_build_object('permissions', permission_records.permissions,
          'final_permissions', permission_records.final_permissions)
        from permission_records
        where permission_records.team_id = teams.id and permission_records.resource_type = 'workspace'
          and permission_records.resource_id = teams.id::text)`,
    })
    .from(teams)
    .where(and(eq(teams.id, teamId), isNull(teams.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  return {
    team: row.team,
    members: (row.members ?? []).map(([id, guest, memberRole]) => ({ user: { id, guest }, memberRole })),
    workspaceLevel: row.level ?? { permissions: [], final_permissions: [] },
  };
}

/** A level of the permission chain: its rules and its final rules. */
export interface PermissionLevel {
  permissions: string[];
  final_permissions: string[];
}

/** The workspaces a user belongs to, with their role in each. */
export async function findWorkspacesOf(
  db: DbOrTx,
  userId: number,
): Promise<{ team: TeamRow; memberRole: string }[]> {
  return db
    .select({ team: teams, memberRole: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), isNull(teams.deletedAt)))
    .orderBy(teams.id);
}

export async function countMembers(db: DbOrTx, teamIds: number[]): Promise<Map<number, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ teamId: teamMembers.teamId, n: count() })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, teamIds))
    .groupBy(teamMembers.teamId);
  return new Map(rows.map((r) => [r.teamId, r.n]));
}

export async function countOwnedTeams(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teams)
    .where(and(eq(teams.ownerId, userId), isNull(teams.deletedAt)));
  return row?.n ?? 0;
}

/** The workspace's own permission record, if one was saved. */
export async function findWorkspaceRecord(db: DbOrTx, teamId: number) {
  const [row] = await db
    .select()
    .from(permissionRecords)
    .where(
      and(
        eq(permissionRecords.teamId, teamId),
        eq(permissionRecords.resourceType, 'workspace'),
        eq(permissionRecords.resourceId, String(teamId)),
      ),
    )
    .limit(1);
  return row;
}

/** The workspace's record as its level in the engine's chain. */
export async function findWorkspaceLevel(db: DbOrTx, teamId: number): Promise<PermissionLevel> {
  const row = await findWorkspaceRecord(db, teamId);
  return { permissions: row?.permissions ?? [], final_permissions: row?.finalPermissions ?? [] };
}
