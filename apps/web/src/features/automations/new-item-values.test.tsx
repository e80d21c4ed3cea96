// @vitest-environment jsdom
import type { Attribute } from '@strata/contracts/items';
import type { Action } from '@strata/domain/automations/recipe';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';
import { NewItemValues } from './new-item-values';
import type { AutomationBoard } from './use-automation-board';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(cleanup);

type CreateItem = Extract<Action, { kind: 'create_item' }>;

const attribute = (id: string, name: string, type: Attribute['type'], settings = {}): Attribute => ({
  id,
  object: 'attribute',
  team_id: 7,
  board_id: 'Board000001',
  name,
  type,
  settings,
  default_data: null,
  sort_order: null,
  created_by: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  deleted: false,
  row_version: 1,
});
const ATTRIBUTES = [
  attribute('title', 'Title', 'text', { primary: true }),
  attribute('points', 'Points', 'number'),
  attribute('due', 'Due', 'date'),
  attribute('key', 'Key', 'custom_id'),
];

function boardOf(attributes: Attribute[]): AutomationBoard {
  const context = { locale: 'en-US' };
  return {
    teamId: 7,
    boardId: 'Board000001',
    attributes,
    folders: [],
    forms: [],
    hooks: [],
    members: [],
    context,
    names: {
      attribute: (id) => attributes.find((one) => one.id === id),
      folder: () => undefined,
      form: () => undefined,
      hook: () => undefined,
      member: () => undefined,
      context,
    },
    recipeBoard: { attributes, folderIds: [] },
    isLoaded: true,
  };
}

const NAMED = { attribute_id: 'title', value: { kind: 'fixed' as const, data: 'Weekly report' } };

/** The values as the builder holds them: every change is kept and drawn again. */
function Harness({
  start,
  attributes,
  onChange,
}: {
  start: CreateItem;
  attributes: Attribute[];
  onChange(action: CreateItem): void;
}) {
  const [action, setAction] = useState(start);
  return (
    <NewItemValues
      action={action}
      path="actions.0"
      board={boardOf(attributes)}
      problems={new Map([['actions.0.values.1.value.expression', 'INVALID']])}
      nameId="title"
      onChange={(next) => {
        onChange(next as CreateItem);
        setAction(next as CreateItem);
      }}
    />
  );
}

function renderValues(values: CreateItem['values'] = [NAMED], attributes = ATTRIBUTES) {
  const seen: { action: CreateItem } = {
    action: { kind: 'create_item', folder_id: 'plan', as_subitem: false, values },
  };
  render(
    <Harness
      start={seen.action}
      attributes={attributes}
      onChange={(next) => {
        seen.action = next;
      }}
    />,
  );
  return seen;
}

const optionNames = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((option) => option.textContent);

describe("a created item's values", () => {
  test('"Add a value" asks for a writable attribute first, then its value; the focus follows', () => {
    const seen = renderValues();
    expect(screen.getByRole('group', { name: 'Other values of the new item' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a value' }));
    const choice = screen.getByRole('combobox', { name: 'Column' });
    expect(document.activeElement).toBe(choice);
    // Not the name (it has its field), not a type nobody writes.
    expect(optionNames(choice)).toEqual(['Choose…', 'Points', 'Due']);
    expect(seen.action.values).toEqual([NAMED]);

    fireEvent.change(choice, { target: { value: 'points' } });
    expect(seen.action.values).toEqual([
      NAMED,
      { attribute_id: 'points', value: { kind: 'fixed', data: null } },
    ]);
    const row = screen.getByRole('listitem');
    const attributeChoice = within(row).getByRole('combobox', { name: 'Column' });
    expect(document.activeElement).toBe(attributeChoice);
    expect((attributeChoice as HTMLSelectElement).value).toBe('points');
    // The set-value action's fields: the sources (no "clear" for a new item), the type's editor.
    const source = within(row).getByRole('combobox', { name: 'Set to' });
    expect(optionNames(source)).toEqual([
      'A fixed value',
      'The value that triggered it',
      "A formula's result",
    ]);
    expect(within(row).getByRole('button', { name: 'Edit Points' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Remove the value of Points' })).toBeTruthy();
  });

  test('a value takes another source and its problem is shown at its field', () => {
    const seen = renderValues([NAMED, { attribute_id: 'due', value: { kind: 'fixed', data: null } }]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Set to' }), { target: { value: 'formula' } });
    expect(seen.action.values[1]).toEqual({
      attribute_id: 'due',
      value: { kind: 'formula', expression: '' },
    });
    const formula = screen.getByRole('textbox', { name: 'Formula' });
    expect(formula.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(formula, { target: { value: 'today()' } });
    expect(seen.action.values[1]).toEqual({
      attribute_id: 'due',
      value: { kind: 'formula', expression: 'today()' },
    });
  });

  test('a value is removed by its button, the name kept, and the focus goes back to "Add a value"', () => {
    const seen = renderValues([NAMED, { attribute_id: 'points', value: { kind: 'trigger_value' } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the value of Points' }));
    expect(seen.action.values).toEqual([NAMED]);
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a value' }));
  });

  test('a value being added is cancelled without touching the recipe', () => {
    const seen = renderValues();
    fireEvent.click(screen.getByRole('button', { name: 'Add a value' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel adding a value' }));
    expect(seen.action.values).toEqual([NAMED]);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a value' }));
  });

  test('with every writable attribute given a value, no more is offered; without any, nothing shows', () => {
    renderValues(
      [NAMED, { attribute_id: 'points', value: { kind: 'trigger_value' } }],
      ATTRIBUTES.slice(0, 2),
    );
    expect(screen.queryByRole('button', { name: 'Add a value' })).toBeNull();
    cleanup();
    renderValues([NAMED], ATTRIBUTES.slice(0, 1));
    expect(screen.queryByRole('group')).toBeNull();
  });
});
