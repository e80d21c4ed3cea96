import { AppError } from '@strata/domain/errors';
import { parseKey } from '@strata/domain/permissions/rules';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { permissionRecords } from '../../db/schema/teams';
import { noteChange, permissionRecordId } from '../../events/change-log';
import { recordEvent, teamChannels } from '../../events/outbox';

/** A record as a save sends it (POST /api/{teamId}/permissions). */
export interface PermissionRecordInput {
  resource_type: string;
  resource_id: string;
  permissions: string[];
  final_permissions: string[];
  row_version: number;
}

/**
 * The keys and final actions to store, each once. Keys that do not parse are refused (422), so
 * nothing is stored that the engine would silently ignore.
 */
export function checkedRecordKeys(record: PermissionRecordInput): {
  permissions: string[];
  finalPermissions: string[];
} {
  const invalid = record.permissions.filter((key) => parseKey(key) === null);
  if (invalid.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Not a permission key: ${invalid[0]}`,
      errors: invalid.map((key) => ({ path: 'permissions', message: `Not a permission key: ${key}` })),
    });
  }
  return {
    permissions: [...new Set(record.permissions)],
    finalPermissions: [...new Set(record.final_permissions)],
  };
}

/**
 * Writes one permission record with compare-and-set on row_version and announces it, in the
 * caller's transaction: `permissions.updated` on team.{id}.permissions (with `data` when everyone
 * on that channel may read the record), and a change for delta sync. Answers false, having
 * written nothing, when the stored row_version is not `rowVersion - 1`.
 */
export async function storePermissionRecord(
  tx: DbOrTx,
  options: {
    teamId: number;
    resourceType: 'workspace' | 'board';
    resourceId: string;
    permissions: string[];
    finalPermissions: string[];
    rowVersion: number;
    now: Date;
    actorId: number;
    /** What the event carries; left out where some members may not see the resource. */
    eventData?: unknown;
  },
): Promise<boolean> {
  const { teamId, resourceType, resourceId, rowVersion } = options;
  const values = {
    permissions: options.permissions,
    finalPermissions: options.finalPermissions,
    rowVersion,
    updatedAt: options.now,
  };
  // The compare-and-set is one statement, so concurrent saves of one version cannot both pass:
  // nothing stored means row_version 0, so only a save at 1 may create the row; a later save
  // updates only the row still at row_version - 1.
  const written =
    rowVersion === 1
      ? await tx
          .insert(permissionRecords)
          .values({ teamId, resourceType, resourceId, ...values })
          .onConflictDoNothing()
          .returning({ teamId: permissionRecords.teamId })
      : await tx
          .update(permissionRecords)
          .set(values)
          .where(
            and(
              eq(permissionRecords.teamId, teamId),
              eq(permissionRecords.resourceType, resourceType),
              eq(permissionRecords.resourceId, resourceId),
              eq(permissionRecords.rowVersion, rowVersion - 1),
            ),
          )
          .returning({ teamId: permissionRecords.teamId });
  if (written.length === 0) return false;
  const id = permissionRecordId(resourceType, resourceId);
  await recordEvent(tx, {
    teamId,
    type: 'permissions.updated',
    channel: teamChannels.permissions(teamId),
    actorId: options.actorId,
    payload: {
      id,
      row_version: rowVersion,
      ...(options.eventData === undefined ? {} : { data: options.eventData }),
    },
  });
  await noteChange(tx, teamId, 'permission_record', id);
  return true;
}
