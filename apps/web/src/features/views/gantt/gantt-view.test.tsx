// @vitest-environment jsdom
import { fireEvent, render } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  attributeOf,
  CONTEXT,
  makeItems,
  mockGridViewport,
  settingsOf,
  setupViewsTest,
} from '../views-test-setup';
import { GanttView } from './gantt-view';

beforeAll(setupViewsTest);
// The gantt's scroller is the section named after the view.
const restoreViewport = mockGridViewport(1200, 600, (element) => element.tagName === 'SECTION');
afterAll(restoreViewport);

const name = attributeOf('text', { id: 'name', name: 'Name' });
const dates = attributeOf('date_range', { id: 'when', name: 'When' });

/** A gantt of one item planned 10 to 12 March whose store never catches up with what is saved. */
function ganttWithSlowStore() {
  const [made] = makeItems(1, [name]);
  const item = {
    ...made!,
    values: { ...made!.values, when: { data: { start: '2026-03-10', end: '2026-03-12' } } },
  };
  const saved: unknown[] = [];
  const view = render(
    <GanttView
      attributes={[name, dates]}
      items={[item]}
      settings={settingsOf({ gantt_zoom: 'day' })}
      context={CONTEXT}
      nameAttributeId="name"
      onChangeSettings={() => {}}
      onChangeValue={(_itemId, _attributeId, data) => saved.push(data)}
      onOpenItem={() => {}}
    />,
  );
  const bar = view.container.querySelector<HTMLElement>('[data-gantt-bar="item-1"]')!;
  return { bar, saved };
}

describe('the gantt by keyboard', () => {
  test.each<[string, string[], { start: string; end: string }[]]>([
    ['Right moves a day later', ['ArrowRight'], [{ start: '2026-03-11', end: '2026-03-13' }]],
    ['Shift+Right makes it a day longer', ['Shift+ArrowRight'], [{ start: '2026-03-10', end: '2026-03-13' }]],
    [
      'keys pressed before the store shows the last save step on from what was saved',
      ['Shift+ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft'],
      [
        { start: '2026-03-10', end: '2026-03-13' },
        { start: '2026-03-11', end: '2026-03-14' },
        { start: '2026-03-10', end: '2026-03-13' },
        { start: '2026-03-09', end: '2026-03-12' },
      ],
    ],
  ])('%s', (_name, keys, expected) => {
    const { bar, saved } = ganttWithSlowStore();
    expect(bar).not.toBeNull();
    for (const key of keys) {
      const shiftKey = key.startsWith('Shift+');
      fireEvent.keyDown(bar, { key: key.replace('Shift+', ''), shiftKey });
    }
    expect(saved).toEqual(expected);
  });
});
