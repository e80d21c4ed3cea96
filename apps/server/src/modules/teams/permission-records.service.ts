import type { PermissionRecord } from '@strata/contracts/permissions';
import { AppError } from '@strata/domain/errors';
import { defaultLevel } from '@strata/domain/permissions/defaults';
import { inheritedKeys } from '@strata/domain/permissions/engine';
import { parseKey } from '@strata/domain/permissions/rules';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { permissionRecords } from '../../db/schema/teams';
import type { UserRow } from '../../db/schema/users';
import { noteChange, permissionRecordId } from '../../events/change-log';
import { recordEvent, teamChannels } from '../../events/outbox';
import { getTeamAccess, requireTeamPermission } from './team-access';
import { findWorkspaceRecord } from './teams.repo';

type Row = typeof permissionRecords.$inferSelect;

/** A workspace's permission record as GET /api/{teamId}/permissions shows it (row_version 0: never saved). */
export function toPermissionRecord(
  teamId: number,
  row: Pick<Row, 'permissions' | 'finalPermissions' | 'rowVersion'> | undefined,
): PermissionRecord {
  return {
    resource_type: 'workspace',
    resource_id: String(teamId),
    permissions: row?.permissions ?? [],
    final_permissions: (row?.finalPermissions ?? []) as PermissionRecord['final_permissions'],
    inherited_permissions: inheritedKeys([defaultLevel()]),
    row_version: row?.rowVersion ?? 0,
    team_id: teamId,
  };
}

/** The workspace's permission records (workspaces are the only resources with records so far). */
export async function listPermissionRecords(options: { ctx: AppContext; user: UserRow; teamId: number }) {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  return [toPermissionRecord(access.team.id, await findWorkspaceRecord(options.ctx.db, access.team.id))];
}

/**
 * Saves a record with compare-and-set on row_version: the save must carry stored + 1, else 409
 * with the server's copy. Keys that do not parse are refused, so nothing is stored that the
 * engine would silently ignore.
 */
export async function savePermissionRecord(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  record: {
    resource_type: string;
    resource_id: string;
    permissions: string[];
    final_permissions: string[];
    row_version: number;
  };
}): Promise<PermissionRecord> {
  const { ctx, teamId, record } = options;
  const access = await requireTeamPermission(ctx, teamId, options.user, 'MANAGE_PERMISSIONS');
  if (record.resource_type !== 'workspace' || record.resource_id !== String(access.team.id))
    throw new AppError('NOT_FOUND');
  const invalid = record.permissions.filter((key) => parseKey(key) === null);
  if (invalid.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Not a permission key: ${invalid[0]}`,
      errors: invalid.map((key) => ({ path: 'permissions', message: `Not a permission key: ${key}` })),
    });
  }
  const permissions = [...new Set(record.permissions)];
  const finalPermissions = [...new Set(record.final_permissions)];
  const values = {
    permissions,
    finalPermissions,
    rowVersion: record.row_version,
    updatedAt: ctx.clock.now(),
  };
  const saved = await ctx.db.transaction(async (tx) => {
    // The compare-and-set is one statement, so concurrent saves of one version cannot both pass:
    // nothing stored means row_version 0, so only a save at 1 may create the row; a later save
    // updates only the row still at row_version - 1.
    const key = { teamId, resourceType: 'workspace', resourceId: String(teamId) };
    const written =
      record.row_version === 1
        ? await tx
            .insert(permissionRecords)
            .values({ ...key, ...values })
            .onConflictDoNothing()
            .returning()
        : await tx
            .update(permissionRecords)
            .set(values)
            .where(
              and(
                eq(permissionRecords.teamId, teamId),
                eq(permissionRecords.resourceType, key.resourceType),
                eq(permissionRecords.resourceId, key.resourceId),
                eq(permissionRecords.rowVersion, record.row_version - 1),
              ),
            )
            .returning();
    if (written.length === 0) return undefined;
    const saved = toPermissionRecord(teamId, {
      permissions,
      finalPermissions,
      rowVersion: record.row_version,
    });
    await recordEvent(tx, {
      teamId,
      type: 'permissions.updated',
      channel: teamChannels.permissions(teamId),
      actorId: options.user.id,
      payload: {
        id: permissionRecordId(saved.resource_type, saved.resource_id),
        row_version: saved.row_version,
        data: saved,
      },
    });
    await noteChange(
      tx,
      teamId,
      'permission_record',
      permissionRecordId(saved.resource_type, saved.resource_id),
    );
    return saved;
  });
  if (!saved) {
    throw new AppError('CONFLICT', {
      current: toPermissionRecord(teamId, await findWorkspaceRecord(ctx.db, teamId)),
    });
  }
  return saved;
}
