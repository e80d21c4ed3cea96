import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ViewItem } from '@strata/domain/views/view-rows';
import type { ViewSettings } from '@strata/domain/views/view-settings';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import { attributeOf, CONTEXT, MEMBERS, makeItems, settingsOf } from '../views-test-setup';
import { ListView } from './list-view';

/** Test support: the list view rendered with its settings and selection in state. */

export const NAME = attributeOf('text', { id: 'name', name: 'Name' });
export const NUMBER = attributeOf('number', { id: 'n0', name: 'Number 0' });
export const EMAIL = attributeOf('email', { name: 'Email' });
export const CHECK = attributeOf('checkbox', { name: 'Done?' });
export const BUTTON = attributeOf('button', { name: 'Action' });
export const BASIC = [NAME, NUMBER, EMAIL, CHECK, BUTTON];

function makeSpies() {
  return {
    onChangeValue: vi.fn(),
    onChangeSettings: vi.fn(),
    onOpenItem: vi.fn(),
    onAddItem: vi.fn(),
    onToggleSelect: vi.fn(),
    onButton: vi.fn(),
  };
}

interface HarnessProps {
  attributes: AttributeDefinition[];
  items: ViewItem[];
  settings: ViewSettings;
  readOnly?: boolean;
  dir?: 'ltr' | 'rtl';
  spies: ReturnType<typeof makeSpies>;
}

/** The list with its settings and selection kept in state, as the page that owns it would. */
function Harness({ attributes, items, settings, readOnly, dir, spies }: HarnessProps) {
  const [current, setCurrent] = useState(settings);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  return (
    <ListView
      attributes={attributes}
      items={items}
      settings={current}
      context={CONTEXT}
      members={MEMBERS}
      nameAttributeId="name"
      selection={selection}
      readOnly={readOnly}
      dir={dir}
      {...spies}
      onChangeSettings={(next) => {
        spies.onChangeSettings(next);
        setCurrent(next);
      }}
      onToggleSelect={(ids, selected) => {
        spies.onToggleSelect(ids, selected);
        setSelection((before) => {
          const next = new Set(before);
          for (const id of ids) selected ? next.add(id) : next.delete(id);
          return next;
        });
      }}
    />
  );
}

export function renderList({
  attributes = BASIC,
  items = makeItems(5, attributes),
  settings = settingsOf(),
  readOnly,
  dir,
}: {
  attributes?: AttributeDefinition[];
  items?: ViewItem[];
  settings?: ViewSettings;
  readOnly?: boolean;
  dir?: 'ltr' | 'rtl';
} = {}) {
  const spies = makeSpies();
  const view = render(
    <Harness
      attributes={attributes}
      items={items}
      settings={settings}
      readOnly={readOnly}
      dir={dir}
      spies={spies}
    />,
  );
  const list = screen.getByRole('treegrid');
  return { ...spies, list, view };
}

/** The drawn item lines, in order. */
export const itemRows = () =>
  screen.getAllByRole('row').filter((row) => row.hasAttribute('data-item-id')) as HTMLElement[];
/** The titles of the drawn item lines, in order. */
export const titles = () => itemRows().map((row) => row.getAttribute('aria-label'));
export const rowOf = (name: string) => screen.getByRole('row', { name }) as HTMLElement;
export const key = (element: Element, k: string, init: Record<string, unknown> = {}) =>
  act(() => void fireEvent.keyDown(element, { key: k, ...init }));
export const lastSettings = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)![0] as ViewSettings;

/**
 * jsdom has no layout: the list's scroller reports a 1000 x 640 viewport (the virtualizer reads
 * its clientWidth and clientHeight), every other element none. Returns the restore function.
 */
export function mockListViewport(width = 1000, height = 640): () => void {
  const proto = HTMLElement.prototype;
  const saved = {
    width: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
    height: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
  };
  const isList = (element: HTMLElement) => element.getAttribute('role') === 'treegrid';
  Object.defineProperty(proto, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? width : 0;
    },
  });
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? height : 0;
    },
  });
  return () => {
    if (saved.width) Object.defineProperty(proto, 'clientWidth', saved.width);
    if (saved.height) Object.defineProperty(proto, 'clientHeight', saved.height);
  };
}
