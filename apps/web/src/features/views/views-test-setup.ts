import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import type { ViewItem } from '@strata/domain/views/view-rows';
import { readViewSettings, type ViewSettings } from '@strata/domain/views/view-settings';
import { initTestI18n } from '../../lib/test-i18n';
import type { ViewMember } from './view-types';

/** Test support for the views: attributes of every type, generated items, jsdom layout. */

export const LABEL_DONE = '0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a0001';
export const LABEL_STUCK = '0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a0002';
export const LABEL_WORKING = '0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a0003';

const SETTINGS: Partial<Record<AttributeType, unknown>> = {
  label: {
    labels: [
      { id: LABEL_DONE, name: 'Done', color: '#00c875' },
      { id: LABEL_STUCK, name: 'Stuck', color: '#e2445c' },
      { id: LABEL_WORKING, name: 'Working on it', color: '#fdab3d', textColor: '#1c2233' },
    ],
    multiple: false,
  },
  number: { format: 'number', decimals: null },
  custom_id: { prefix: 'PRJ-', padding: 3 },
  button: { label: 'Notify', action: { type: 'open_url', url: 'https://example.com' } },
  rating: { max: 5 },
};

/** One attribute of a type, with id `a-<type>` (or the given id). */
export function attributeOf(
  type: AttributeType,
  overrides: Partial<AttributeDefinition> = {},
): AttributeDefinition {
  return { id: `a-${type}`, name: type, type, settings: SETTINGS[type] ?? {}, ...overrides };
}

export const MEMBERS: ViewMember[] = [
  { id: 1, name: 'Ann Lee' },
  { id: 2, name: 'Bob Stone', photo_url: 'https://example.com/bob.png' },
];

export const CONTEXT: ValueContext = {
  locale: 'en-US',
  timeZone: 'UTC',
  now: Date.UTC(2026, 2, 20, 12),
  currentUserId: 1,
  memberName: (id) => MEMBERS.find((member) => member.id === id)?.name,
  itemTitle: (id) => `Title of ${id}`,
  folderName: (id) => `Folder ${id}`,
};

export function settingsOf(patch: Partial<ViewSettings> = {}): ViewSettings {
  return { ...readViewSettings({}), ...patch };
}

/** `count` items named "Item 1"…, with a number and a few other values; ids item-1…. */
export function makeItems(count: number, attributes: readonly AttributeDefinition[]): ViewItem[] {
  const name = attributes.find((attribute) => attribute.type === 'text');
  const number = attributes.find((attribute) => attribute.type === 'number');
  const items: ViewItem[] = [];
  for (let n = 1; n <= count; n++) {
    const values: Record<string, { data: unknown }> = {};
    if (name) values[name.id] = { data: `Item ${n}` };
    if (number) values[number.id] = { data: n * 10 };
    items.push({
      id: `item-${n}`,
      sort_order: `a${String(n).padStart(6, '0')}`,
      values,
      created_at: '2026-03-01T10:00:00Z',
      created_by: 1,
      folder_id: 'Folder00001',
    });
  }
  return items;
}

/** Many attributes for the virtualisation checks: a name, then numbers. */
export function manyAttributes(count: number): AttributeDefinition[] {
  return [
    attributeOf('text', { id: 'name', name: 'Name' }),
    ...Array.from({ length: count - 1 }, (_, index) =>
      attributeOf('number', { id: `n${index}`, name: `Number ${index}` }),
    ),
  ];
}

/**
 * jsdom has no layout: the grid (or the element `isGrid` picks) reports a 1200 x 600 viewport (the
 * virtualizer reads the scroll element's clientWidth and clientHeight), every other element none.
 * Returns the restore function.
 */
export function mockGridViewport(
  width = 1200,
  height = 600,
  isGrid = (element: HTMLElement) => element.getAttribute('role') === 'grid',
): () => void {
  const proto = HTMLElement.prototype;
  const saved = {
    width: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
    height: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
  };
  Object.defineProperty(proto, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return isGrid(this) ? width : 0;
    },
  });
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isGrid(this) ? height : 0;
    },
  });
  return () => {
    if (saved.width) Object.defineProperty(proto, 'clientWidth', saved.width);
    if (saved.height) Object.defineProperty(proto, 'clientHeight', saved.height);
  };
}

/** i18next with the en-US catalogue, and what Radix popups measure with. */
export async function setupViewsTest(): Promise<void> {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  await initTestI18n();
}
