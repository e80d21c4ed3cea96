import { ATTRIBUTE_TYPES } from '@strata/domain/attributes/attribute-types';
import { z } from 'zod';
import { base62Id, teamParams } from './boards';
import { uuidId } from './items';

export const activityPaths = {
  boardActivity: '/api/:teamId/boards/:boardId/activity',
} as const;

export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_MAX_PAGE_SIZE = 100;

/** The events the activity log records (docs/activity.md). */
export const ACTIVITY_EVENTS = [
  'board.created',
  'board.updated',
  'board.deleted',
  'folder.created',
  'folder.updated',
  'folder.deleted',
  'attribute.created',
  'attribute.updated',
  'attribute.deleted',
  'item.created',
  'item.updated',
  'item.deleted',
  'value.created',
  'value.updated',
] as const;
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];

/** What an entry is about. */
export const ACTIVITY_RECORD_TYPES = ['board', 'folder', 'attribute', 'item', 'value'] as const;
export type ActivityRecordType = (typeof ACTIVITY_RECORD_TYPES)[number];

/** A field that changed: its value before and after the write. */
export interface FieldChange<T> {
  before: T;
  after: T;
}

/**
 * The `changes` of each event (small: never a whole record). Fields of an update appear only when
 * they changed; `changed` lists fields whose values are not kept (settings, lists).
 */
export interface ActivityChanges {
  'item.created': { folder_id: string; parent_id: string | null };
  'item.updated': { folder_id?: FieldChange<string>; parent_id?: FieldChange<string | null> };
  'item.deleted': Record<string, never>;
  'value.created': { attribute_id: string; before: null; after: unknown };
  /** A cleared value has `after` null. Long texts are clipped (`clipped: true`). */
  'value.updated': { attribute_id: string; before: unknown; after: unknown; clipped?: boolean };
  'attribute.created': { name: string; type: string };
  'attribute.updated': { name?: FieldChange<string>; changed?: string[] };
  'attribute.deleted': { name: string };
  'folder.created': { name: string; parent_id: string | null };
  'folder.updated': {
    name?: FieldChange<string>;
    parent_id?: FieldChange<string | null>;
    color?: FieldChange<string | null>;
    changed?: string[];
  };
  'folder.deleted': { name: string };
  'board.created': { name: string };
  'board.updated': {
    name?: FieldChange<string>;
    description?: FieldChange<string | null>;
    color?: FieldChange<string | null>;
    is_private?: FieldChange<boolean>;
    user_ids?: { added: number[]; removed: number[] };
  };
  'board.deleted': { name: string };
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${ACTIVITY_MAX_PAGE_SIZE}.`;

export const boardActivityParams = teamParams.extend({ boardId: base62Id });

/**
 * `?item_id=&limit=&before=`: one item's entries or the whole board's, newest first; `before` is
 * the `before` of the previous page (an entry id: the next page holds older entries only).
 */
export const boardActivityQuery = z.object({
  item_id: uuidId.optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(ACTIVITY_MAX_PAGE_SIZE, { error: LIMIT_MESSAGE })
    .default(ACTIVITY_PAGE_SIZE),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** Who made the change; null when their account is gone. */
export const activityUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  photo_url: z.string(),
});

export const activityEntrySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  user: activityUserSchema.nullable(),
  record: z.object({
    type: z.string(),
    id: z.string(),
    folder_id: z.string().nullable(),
    item_id: z.string().nullable(),
  }),
  changes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** An attribute an entry names (deleted ones too), to show values by their type. */
export const activityAttributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  settings: z.record(z.string(), z.unknown()),
  deleted: z.boolean(),
});
export type ActivityAttribute = z.infer<typeof activityAttributeSchema>;

/**
 * One page, newest first, with what its entries name: the attributes, and the current names of
 * the items and folders (ids the page names that are not there are gone for good). Ask again with
 * `before` while `has_more`.
 */
export const activityPage = z.object({
  data: z.array(activityEntrySchema),
  attributes: z.array(activityAttributeSchema),
  names: z.object({
    items: z.record(z.string(), z.string()),
    folders: z.record(z.string(), z.string()),
  }),
  has_more: z.boolean(),
  before: z.number().int().nullable(),
});
export type ActivityPage = z.infer<typeof activityPage>;
