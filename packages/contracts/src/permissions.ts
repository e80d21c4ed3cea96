import { ACTIONS, RESOURCE_TYPES, ROLES } from '@strata/domain/permissions/actions';
import { z } from 'zod';
import { MAX_INT4 } from './common';

export const permissionPaths = {
  access: '/api/:teamId/permissions/access',
  records: '/api/:teamId/permissions',
} as const;

export const accessQuery = z.object({
  resource_type: z.enum(RESOURCE_TYPES),
  resource_id: z.string().min(1).max(64),
});

/** What the caller may do on one resource: the UI hides what it cannot do. */
export const accessResponse = z.object({
  resource_type: z.enum(RESOURCE_TYPES),
  resource_id: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(ACTIONS)),
});
export type AccessAnswer = z.infer<typeof accessResponse>;

/** A permission record (spec section 3). */
export const permissionRecordSchema = z.object({
  resource_type: z.enum(RESOURCE_TYPES),
  resource_id: z.string(),
  permissions: z.array(z.string()),
  final_permissions: z.array(z.enum(ACTIONS)),
  inherited_permissions: z.array(z.string()),
  row_version: z.number().int(),
  team_id: z.number().int(),
});
export type PermissionRecord = z.infer<typeof permissionRecordSchema>;

/** A save: the row_version the client based it on, plus one (compare-and-set). */
export const savePermissionBody = z.object({
  resource_type: z.enum(RESOURCE_TYPES),
  resource_id: z.string().min(1).max(64),
  permissions: z.array(z.string().max(120)).max(2000),
  final_permissions: z.array(z.enum(ACTIONS)).max(ACTIONS.length),
  row_version: z.number().int().min(1).max(MAX_INT4),
});
