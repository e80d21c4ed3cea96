import { ACTIONS, RESOURCE_TYPES, ROLES } from '@strata/domain/permissions/actions';
import { z } from 'zod';

export const permissionPaths = { access: '/api/:teamId/permissions/access' } as const;

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
