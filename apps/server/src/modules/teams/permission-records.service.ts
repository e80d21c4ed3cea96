import type { PermissionRecord } from '@strata/contracts/permissions';
import { AppError } from '@strata/domain/errors';
import { defaultLevel } from '@strata/domain/permissions/defaults';
import { inheritedKeys } from '@strata/domain/permissions/engine';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { permissionRecords } from '../../db/schema/teams';
import type { UserRow } from '../../db/schema/users';
import { listVisibleBoardRecords, saveBoardPermissionRecord } from '../boards/board-permissions.service';
import {
  checkedRecordKeys,
  type PermissionRecordInput,
  storePermissionRecord,
} from './permission-record-store';
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

/**
 * The workspace's permission records: its own (saved or not), then the saved records of the
 * boards the caller sees. A board without a saved record has none to list (its GET answers an
 * empty one).
 */
export async function listPermissionRecords(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
}): Promise<PermissionRecord[]> {
  const access = await getTeamAccess(options.ctx, options.teamId, options.user);
  const db: DbOrTx = options.ctx.db;
  return [
    toPermissionRecord(access.team.id, await findWorkspaceRecord(db, access.team.id)),
    ...(await listVisibleBoardRecords(db, access)),
  ];
}

/**
 * Saves a record with compare-and-set on row_version: the save must carry stored + 1, else 409
 * with the server's copy. The workspace's record takes MANAGE_PERMISSIONS in the workspace; a
 * board's, MANAGE_PERMISSIONS on that board (see saveBoardPermissionRecord). Other resources have
 * no records yet (404).
 */
export async function savePermissionRecord(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  record: PermissionRecordInput;
}): Promise<PermissionRecord> {
  const { ctx, teamId, record } = options;
  if (record.resource_type === 'board') return saveBoardPermissionRecord(options);
  const access = await requireTeamPermission(ctx, teamId, options.user, 'MANAGE_PERMISSIONS');
  if (record.resource_type !== 'workspace' || record.resource_id !== String(access.team.id))
    throw new AppError('NOT_FOUND');
  const { permissions, finalPermissions } = checkedRecordKeys(record);
  const saved = toPermissionRecord(teamId, { permissions, finalPermissions, rowVersion: record.row_version });
  const isWritten = await ctx.db.transaction((tx) =>
    storePermissionRecord(tx, {
      teamId,
      resourceType: 'workspace',
      resourceId: String(teamId),
      permissions,
      finalPermissions,
      rowVersion: record.row_version,
      now: ctx.clock.now(),
      actorId: options.user.id,
      // Every member sees the workspace's record.
      eventData: saved,
    }),
  );
  if (!isWritten) {
    throw new AppError('CONFLICT', {
      current: toPermissionRecord(teamId, await findWorkspaceRecord(ctx.db, teamId)),
    });
  }
  return saved;
}
