import { HOOK_EVENTS, hookEventsInput } from '@strata/domain/webhooks/hook-events';
import { z } from 'zod';
import { base62Id, teamParams } from './boards';
import { isoDateTime, MAX_INT4, syncedRecordFields } from './common';
import { uuidId } from './items';

export const hookPaths = {
  myHooks: '/api/me/hooks',
  boardHooks: '/api/:teamId/boards/:boardId/hooks',
  hook: '/api/:teamId/hooks/:id',
  logs: '/api/:teamId/hooks/:id/logs',
  test: '/api/:teamId/hooks/:id/test',
  redeliver: '/api/:teamId/hooks/:id/deliveries/:deliveryId/redeliver',
  replay: '/api/:teamId/hooks/:id/replay',
} as const;

export const boardHooksParams = teamParams.extend({ boardId: base62Id });
export const hookParams = teamParams.extend({ id: uuidId });
export const deliveryParams = hookParams.extend({ deliveryId: uuidId });

/** Why the server switched a hook off (null: on, or paused by a person). */
export const HOOK_OFF_REASONS = ['gone', 'failing', 'creator_left'] as const;

/** A hook's address: http(s), at most 2,000 characters; where it may point is the SSRF guard's to say. */
export const hookUrl = z
  .string()
  .trim()
  .max(2000, { message: 'The address is too long.' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.username === '' &&
          url.password === ''
        );
      } catch {
        return false;
      }
    },
    { message: 'Enter an http or https address.' },
  );

/**
 * A board's webhook: where its events go, which ones, the secret that signs them (`whsec_...`,
 * Standard Webhooks), whether it is on, and why the server switched it off.
 */
export const hookSchema = z.object({
  id: z.string(),
  object: z.literal('hook'),
  team_id: z.number().int(),
  board_id: z.string(),
  user_id: z.number().int().nullable(),
  url: z.string(),
  events: z.array(z.enum(HOOK_EVENTS)),
  secret: z.string(),
  enabled: z.boolean(),
  off_reason: z.enum(HOOK_OFF_REASONS).nullable(),
  /** Since when its deliveries have failed without a success in between (null: they do not). */
  failing_since: z.string().nullable(),
  last_delivery_at: z.string().nullable(),
  ...syncedRecordFields,
});
export type Hook = z.infer<typeof hookSchema>;

/** GET /api/me/hooks: the hooks a person made, in every workspace, with where they are. */
export const myHookSchema = hookSchema.extend({ board_name: z.string(), team_name: z.string() });
export type MyHook = z.infer<typeof myHookSchema>;

/** DELETE /api/{teamId}/hooks/{id}. */
export const deletedHookSchema = z.object({
  id: z.string(),
  object: z.literal('hook'),
  deleted: z.literal(true),
});

/** PUT /api/{teamId}/hooks/{id}: create at row_version 1, else compare-and-set. */
export const saveHookBody = z.object({
  board_id: base62Id,
  url: hookUrl,
  events: hookEventsInput,
  enabled: z.boolean().default(true),
  row_version: z.number().int().min(1).max(MAX_INT4),
});
export type SaveHookBody = z.input<typeof saveHookBody>;

/** PATCH /api/{teamId}/hooks/{id}: what is sent changes; `rotate_secret` makes a new secret. */
export const patchHookBody = z
  .object({
    url: hookUrl.optional(),
    events: hookEventsInput.optional(),
    enabled: z.boolean().optional(),
    rotate_secret: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change.',
  });
export type PatchHookBody = z.input<typeof patchHookBody>;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One attempt of a delivery, as the logs show it. */
export const hookLogEntrySchema = z.object({
  id: z.string(),
  delivery_id: z.string(),
  event_type: z.string(),
  /** The delivery's state now: its later attempts may have succeeded. */
  delivery_state: z.enum(DELIVERY_STATES),
  attempt: z.number().int(),
  attempted_at: z.string(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_status: z.number().int().nullable(),
  /** The first 4 KB of the answer. */
  response_body: z.string().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});
export type HookLogEntry = z.infer<typeof hookLogEntrySchema>;

export const hookLogsQuery = z.object({
  /** `success` (2xx), `failure` (anything else, or no answer), or one status code. */
  status: z.union([z.enum(['success', 'failure']), z.coerce.number().int().min(100).max(599)]).optional(),
  /** Attempts before this one (its id), for the next page. */
  before: uuidId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const hookLogsPageSchema = z.object({
  data: z.array(hookLogEntrySchema),
  has_more: z.boolean(),
});

/** POST .../test: a `ping` event sent now; `ok` when the receiver answered 2xx. */
export const hookTestResultSchema = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

/** POST .../replay: every event of the hook's board since then delivered again, in order. */
export const replayHookBody = z.object({ since: isoDateTime });
export const replayResultSchema = z.object({ deliveries: z.number().int() });

/** POST .../deliveries/{deliveryId}/redeliver: a new attempt of that delivery, queued now. */
export const redeliverResultSchema = z.object({ delivery_id: z.string() });
