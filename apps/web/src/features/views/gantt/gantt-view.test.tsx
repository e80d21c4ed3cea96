// @vitest-environment jsdom
import { GANTT_DAY_WIDTH } from '@strata/domain/views/gantt-model';
import type { ViewItem } from '@strata/domain/views/view-rows';
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

/** Items named "Item 1"… planned over the given ranges. */
function plannedItems(...ranges: [string, string][]): ViewItem[] {
  return makeItems(ranges.length, [name]).map((item, index) => ({
    ...item,
    values: { ...item.values, when: { data: { start: ranges[index]![0], end: ranges[index]![1] } } },
  }));
}

function ganttOf(items: readonly ViewItem[], onChangeValue: (data: unknown) => void = () => {}) {
  return (
    <GanttView
      attributes={[name, dates]}
      items={items}
      settings={settingsOf({ gantt_zoom: 'day' })}
      context={CONTEXT}
      nameAttributeId="name"
      onChangeSettings={() => {}}
      onChangeValue={(_itemId, _attributeId, data) => onChangeValue(data)}
      onOpenItem={() => {}}
    />
  );
}

/** A gantt of one item planned 10 to 12 March whose store never catches up with what is saved. */
function ganttWithSlowStore() {
  const saved: unknown[] = [];
  const view = render(ganttOf(plannedItems(['2026-03-10', '2026-03-12']), (data) => saved.push(data)));
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

describe('the gantt by pointer', () => {
  test('a drag right after a key, before the store shows the key’s save, goes on from what was saved', () => {
    const { bar, saved } = ganttWithSlowStore();
    fireEvent.keyDown(bar, { key: 'ArrowRight', shiftKey: true });
    // Two days later by pointer (a day is 40 px at the day scale).
    const twoDays = 2 * GANTT_DAY_WIDTH.day;
    fireEvent.pointerDown(bar, { button: 0, pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(bar, { pointerId: 1, clientX: 100 + twoDays / 2 });
    fireEvent.pointerMove(bar, { pointerId: 1, clientX: 100 + twoDays });
    fireEvent.pointerUp(bar, { pointerId: 1, clientX: 100 + twoDays });
    expect(saved).toEqual([
      { start: '2026-03-10', end: '2026-03-13' },
      { start: '2026-03-12', end: '2026-03-15' },
    ]);
  });
});

describe('the gantt keeps what is in sight when its first day moves', () => {
  test('items planned earlier arrive: the scroll moves by the days added before', () => {
    const later = plannedItems(['2026-03-10', '2026-03-12']);
    const view = render(ganttOf(later));
    const scroller = view.container.querySelector('section')!;
    const seen = scroller.scrollLeft;
    const barAt = (id: string) =>
      Number.parseFloat(
        view.container.querySelector<HTMLElement>(`[data-gantt-bar="${id}"]`)!.style.insetInlineStart,
      );
    const before = barAt('item-1');
    // The rest of the folder comes: one item planned 45 days before.
    const earlier = plannedItems(['2026-01-24', '2026-01-25'])[0]!;
    view.rerender(ganttOf([...later, { ...earlier, id: 'item-0' }]));
    const added = barAt('item-1') - before;
    expect(added).toBe(45 * GANTT_DAY_WIDTH.day);
    expect(scroller.scrollLeft - seen).toBe(added);
  });
});
