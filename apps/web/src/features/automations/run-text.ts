import type { AutomationRun } from '@strata/contracts/automations';
import type { TFunction } from 'i18next';

/** Reasons the runner gives for a run it skipped or failed (docs/automations.md), in words. */
export const RUN_REASONS = [
  'automation_off',
  'chain_too_deep',
  'too_frequent',
  'creator_left',
  'item_gone',
  'conditions_not_met',
  'runs_exceeded',
] as const;

/** Actions whose change names what they touched: an attribute, an address, a webhook's url. */
const DETAILED_ACTIONS: readonly string[] = [
  'set_value',
  'add_member',
  'remove_member',
  'add_label',
  'remove_label',
  'send_email',
  'call_webhook',
];

/**
 * What a run did, in the reader's language: the actions it performed (with the attribute,
 * address or webhook they touched), or why it failed or was skipped; an unknown failure keeps the server's
 * words (an action's error).
 */
export function runResultText(run: AutomationRun, t: TFunction): string {
  const R = 'views.automations.runs';
  if (run.state === 'queued') return t(`${R}.queued`);
  const reason = run.result?.reason;
  if (run.state === 'done') {
    const changes = (run.result?.changes ?? []).map((change) => {
      const kind = t(`views.automations.actions.${change.action}`, { defaultValue: change.action });
      // Created and copied items are named by id, and a notification by a count: not worth showing.
      const showsDetail = change.detail && DETAILED_ACTIONS.includes(change.action);
      return showsDetail ? t(`${R}.changeWith`, { action: kind, detail: change.detail }) : kind;
    });
    return changes.length > 0 ? t(`${R}.done`, { changes: changes.join(' · ') }) : t(`${R}.doneNothing`);
  }
  const words =
    reason && (RUN_REASONS as readonly string[]).includes(reason)
      ? t(`${R}.reasons.${reason}`)
      : (reason ?? t(`${R}.unknown`));
  return t(run.state === 'failed' ? `${R}.failed` : `${R}.skipped`, { reason: words });
}
