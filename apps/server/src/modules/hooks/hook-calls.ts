import { randomUUID } from 'node:crypto';
import { type HookRow, hookDeliveries } from '../../db/schema/hooks';
import type { ItemRow } from '../../db/schema/items';
import { currentOrigin } from '../../events/write-origin';
import { presentItem } from '../api-v2/presenters';
import type { WriteScope } from '../records/write-scope';
import { HOOK_DELIVERY_JOB, type HookDeliveryJob } from './hook-fanout';

/** The type of what an automation's "send to a webhook" delivers. */
export const AUTOMATION_CALL_EVENT = 'automation.called';

/**
 * An automation's "send to a webhook" (docs/automations.md): the item, as the public API shows it,
 * becomes a delivery of the hook in the run's transaction (signed, retried and logged like every
 * other), with the automation named; it goes out once the run has committed, even while the hook is
 * paused it waits for it.
 */
export async function queueHookCall(scope: WriteScope, hook: HookRow, item: ItemRow, automationName: string) {
  const { tx, ctx, now } = scope;
  const object = presentItem(item);
  const origin = currentOrigin();
  const body = JSON.stringify({
    type: AUTOMATION_CALL_EVENT,
    timestamp: now.toISOString(),
    data: object,
    payload: object,
    automation: { id: origin?.automation.id ?? null, name: automationName },
  });
  await tx.insert(hookDeliveries).values({
    teamId: hook.teamId,
    hookId: hook.id,
    eventId: 0,
    eventKey: `call:${randomUUID()}`,
    eventType: AUTOMATION_CALL_EVENT,
    body,
    createdAt: now,
  });
  await ctx.jobs.enqueue<HookDeliveryJob>(tx, HOOK_DELIVERY_JOB, { teamId: hook.teamId, hookId: hook.id });
}
