import { z } from 'zod';
import { boardSchema, folderSchema } from './boards';
import { pendingInvitationSchema } from './invitations';
import { attributeSchema, itemSchema } from './items';
import { permissionRecordSchema } from './permissions';
import { teamMemberSchema, teamSchema } from './teams';
import { viewSchema } from './views';

export const changePaths = {
  changes: '/api/:teamId/changes',
} as const;

/** The kinds of record delta sync carries, as they appear in `type`. */
export const CHANGE_RECORD_TYPES = [
  'team',
  'member',
  'invitation',
  'permission_record',
  'board',
  'folder',
  'attribute',
  'item',
  'view',
] as const;
export type ChangeRecordType = (typeof CHANGE_RECORD_TYPES)[number];

export const CHANGES_DEFAULT_LIMIT = 1000;
export const CHANGES_MAX_LIMIT = 5000;

const SINCE_MESSAGE = 'since must be a whole number of 0 or more: the cursor of the last pull.';
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${CHANGES_MAX_LIMIT}.`;

/** `?since=N&limit=M`: the cursor the client holds (0 or absent: everything) and the page size. */
export const changesQuery = z.object({
  // zod's int() is a safe integer: one message for anything that is not a usable cursor.
  since: z.coerce
    .number({ error: SINCE_MESSAGE })
    .int({ error: SINCE_MESSAGE })
    .min(0, { error: SINCE_MESSAGE })
    .default(0),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(CHANGES_MAX_LIMIT, { error: LIMIT_MESSAGE })
    .default(CHANGES_DEFAULT_LIMIT),
});

/**
 * One changed record: `data` is exactly what the record's own GET answers. `row_version` is the
 * record's own counter where it has one (team, permission_record); members and invitations have
 * none, so theirs is the change_seq of their last change, which only grows as well.
 */
export const changedRecordSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('team'),
    id: z.number().int(),
    row_version: z.number().int(),
    data: teamSchema,
  }),
  z.object({
    type: z.literal('member'),
    id: z.number().int(),
    row_version: z.number().int(),
    data: teamMemberSchema,
  }),
  z.object({
    type: z.literal('invitation'),
    id: z.number().int(),
    row_version: z.number().int(),
    data: pendingInvitationSchema,
  }),
  z.object({
    type: z.literal('permission_record'),
    id: z.string(),
    row_version: z.number().int(),
    data: permissionRecordSchema,
  }),
  z.object({
    type: z.literal('board'),
    id: z.string(),
    row_version: z.number().int(),
    data: boardSchema,
  }),
  z.object({
    type: z.literal('folder'),
    id: z.string(),
    row_version: z.number().int(),
    data: folderSchema,
  }),
  z.object({
    type: z.literal('attribute'),
    id: z.string(),
    row_version: z.number().int(),
    data: attributeSchema,
  }),
  z.object({
    type: z.literal('item'),
    id: z.string(),
    row_version: z.number().int(),
    data: itemSchema,
  }),
  z.object({
    type: z.literal('view'),
    id: z.string(),
    row_version: z.number().int(),
    data: viewSchema,
  }),
]);
export type ChangedRecord = z.infer<typeof changedRecordSchema>;

export const deletedRecordSchema = z.object({
  type: z.enum(CHANGE_RECORD_TYPES),
  id: z.union([z.number().int(), z.string()]),
});
export type DeletedRecord = z.infer<typeof deletedRecordSchema>;

/**
 * One page of changes. Pull again with `since=cursor` while `has_more`. `reset: true` means the
 * server started over (the cursor was ahead of it, or what the caller may see changed): the page
 * and the ones after it hold everything current, and the client replaces what it holds.
 */
export const changesResponse = z.object({
  cursor: z.number().int(),
  has_more: z.boolean(),
  reset: z.boolean(),
  changes: z.array(changedRecordSchema),
  deleted: z.array(deletedRecordSchema),
});
export type ChangesPage = z.infer<typeof changesResponse>;
