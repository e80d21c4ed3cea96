import type { AutomationRun } from '@strata/contracts/automations';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import deCatalogue from '../../i18n/locales/de.json';
import enUS from '../../i18n/locales/en-US.json';
import { runResultText } from './run-text';

let t: TFunction;
let de: TFunction;
beforeAll(async () => {
  const make = async (lng: string, translation: object) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources: { [lng]: { translation } }, interpolation: { escapeValue: false } });
    return i18n.t;
  };
  t = await make('en-US', enUS);
  de = await make('de', deCatalogue);
});

const run = (changes: { action: string; detail?: string }[]): AutomationRun => ({
  id: 'run',
  automation_id: 'automation',
  item_id: 'item',
  state: 'done',
  trigger: {},
  result: { changes },
  created_at: '2026-03-01T10:00:00.000Z',
  finished_at: '2026-03-01T10:00:01.000Z',
});

describe('what a run did', () => {
  test.each([
    [
      'a webhook call names the address it was sent to',
      [{ action: 'call_webhook', detail: 'https://crm.example.com/in' }],
      'Done: Send to a webhook (https://crm.example.com/in)',
    ],
    [
      'a webhook call without a detail is named by its kind',
      [{ action: 'call_webhook' }],
      'Done: Send to a webhook',
    ],
    [
      'an email names its address, a copy not its id',
      [
        { action: 'send_email', detail: 'ada@example.com' },
        { action: 'duplicate_item', detail: 'b3c1' },
      ],
      'Done: Send an email (ada@example.com) · Duplicate the item',
    ],
    ['an action this app does not know keeps its kind', [{ action: 'later_kind' }], 'Done: later_kind'],
  ])('%s', (_, changes, expected) => {
    expect(runResultText(run(changes), t)).toBe(expected);
  });

  test('in German, a webhook call reads in German', () => {
    expect(runResultText(run([{ action: 'call_webhook', detail: 'https://crm.example.com/in' }]), de)).toBe(
      'Erledigt: An einen Webhook senden (https://crm.example.com/in)',
    );
  });
});
