import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ViewItem } from '@strata/domain/views/view-rows';
import type { ViewSettings } from '@strata/domain/views/view-settings';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import { attributeOf, CONTEXT, MEMBERS, makeItems, settingsOf } from '../views-test-setup';
import { TableView } from './table-view';

/** Test support: the table view rendered with its settings and selection in state. */

export const NAME = attributeOf('text', { id: 'name', name: 'Name' });
export const NUMBER = attributeOf('number', { id: 'n0', name: 'Number 0' });
export const EMAIL = attributeOf('email', { name: 'Email' });
export const CHECK = attributeOf('checkbox', { name: 'Done?' });
export const CREATED = attributeOf('created_at', { name: 'Created' });
export const BUTTON = attributeOf('button', { name: 'Action' });
export const BASIC = [NAME, NUMBER, EMAIL, CHECK, CREATED, BUTTON];

type Spies = ReturnType<typeof makeSpies>;

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
  dir?: 'ltr' | 'rtl';
  spies: Spies;
  columnActions?: ColumnActions;
}

/** "Edit column" and "Delete column", given to the table only for who may manage attributes. */
interface ColumnActions {
  onEditColumn(attributeId: string): void;
  onDeleteColumn(attributeId: string): void;
}

/** The table with its settings and selection kept in state, as the page that owns it would. */
function Harness({ attributes, items, settings, dir, spies, columnActions }: HarnessProps) {
  const [current, setCurrent] = useState(settings);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  return (
    <TableView
      attributes={attributes}
      items={items}
      settings={current}
      context={CONTEXT}
      members={MEMBERS}
      nameAttributeId="name"
      selection={selection}
      dir={dir}
      {...spies}
      {...columnActions}
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

export function renderTable({
  attributes = BASIC,
  items = makeItems(5, attributes),
  settings = settingsOf(),
  dir,
  columnActions,
}: {
  attributes?: AttributeDefinition[];
  items?: ViewItem[];
  settings?: ViewSettings;
  dir?: 'ltr' | 'rtl';
  columnActions?: ColumnActions;
} = {}) {
  const spies = makeSpies();
  const view = render(
    <Harness
      attributes={attributes}
      items={items}
      settings={settings}
      dir={dir}
      spies={spies}
      columnActions={columnActions}
    />,
  );
  const grid = screen.getByRole('grid');
  return { ...spies, grid, view };
}

export const key = (element: Element, k: string, init: Record<string, unknown> = {}) =>
  act(() => void fireEvent.keyDown(element, { key: k, ...init }));
/** The active cell as "row:col" (from aria-activedescendant). */
export const activeOf = (grid: HTMLElement) =>
  grid.getAttribute('aria-activedescendant')?.replace(/^.*-r(\d+)-c(\d+)$/, '$1:$2');
export const lastSettings = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)![0] as ViewSettings;
export const header = (id: string) =>
  document.querySelector(`[role="columnheader"][data-attribute-id="${id}"]`)!;
