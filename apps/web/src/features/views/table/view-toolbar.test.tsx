// @vitest-environment jsdom
import type { ViewSettings } from '@strata/domain/views/view-settings';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { attributeOf, CONTEXT, LABEL_DONE, MEMBERS, settingsOf, setupViewsTest } from '../views-test-setup';
import { ViewToolbar } from './view-toolbar';

beforeAll(setupViewsTest);
afterEach(cleanup);

const NAME = attributeOf('text', { id: 'name', name: 'Name' });
const NUMBER = attributeOf('number', { id: 'n0', name: 'Cost' });
const EMAIL = attributeOf('email', { name: 'Email' });
const STATUS = attributeOf('label', { name: 'Status' });
const DUE = attributeOf('date', { name: 'Due' });
const OWNER = attributeOf('members', { name: 'Owner' });
const BUTTON = attributeOf('button', { name: 'Action' });
const LINKED = attributeOf('reference', { name: 'Linked' });
const ATTRIBUTES = [NAME, NUMBER, EMAIL, STATUS, DUE, OWNER, BUTTON, LINKED];

function Harness({
  initial,
  onChangeSettings,
}: {
  initial: ViewSettings;
  onChangeSettings(next: ViewSettings): void;
}) {
  const [settings, setSettings] = useState(initial);
  return (
    <ViewToolbar
      attributes={ATTRIBUTES}
      settings={settings}
      context={CONTEXT}
      members={MEMBERS}
      nameAttributeId="name"
      onChangeSettings={(next) => {
        onChangeSettings(next);
        setSettings(next);
      }}
    />
  );
}

function renderToolbar(initial: ViewSettings = settingsOf()) {
  const onChangeSettings = vi.fn();
  render(<Harness initial={initial} onChangeSettings={onChangeSettings} />);
  return onChangeSettings;
}

const last = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)![0] as ViewSettings;
const choose = (label: string, value: string, index = -1) => {
  const selects = screen.getAllByRole('combobox', { name: label });
  fireEvent.change(selects.at(index)!, { target: { value } });
};

describe('the filter editor', () => {
  test('a condition reaches the settings once it is complete and valid', () => {
    const onChange = renderToolbar();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(onChange).not.toHaveBeenCalled();
    choose('Attribute', 'n0');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('value'))).toContain('between');
    choose('Condition', 'gt');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: '1,500' } });
    expect(last(onChange).filters).toEqual([{ attribute_id: 'n0', operator: 'gt', operand: 1500 }]);
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeTruthy();
  });

  test('operators are the ones the type offers (filterOperatorsFor)', () => {
    renderToolbar();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    choose('Attribute', STATUS.id);
    const operators = screen.getByRole('combobox', { name: 'Condition' }).querySelectorAll('option');
    expect([...operators].map((o) => o.value)).toEqual([
      'is_any_of',
      'is_none_of',
      'is_all_of',
      'is_empty',
      'is_not_empty',
    ]);
    expect(screen.queryByRole('option', { name: 'Action' })).toBeNull();
  });

  test('operands by type: label choices, members with "me", relative date ranges; match any', () => {
    const onChange = renderToolbar();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    choose('Attribute', STATUS.id);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Done' }));
    expect(last(onChange).filters).toEqual([
      { attribute_id: STATUS.id, operator: 'is_any_of', operand: [LABEL_DONE] },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    choose('Attribute', OWNER.id);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    choose('Attribute', DUE.id);
    choose('Condition', 'within');
    choose('Period', 'next_days');
    expect(last(onChange).filters).toEqual([
      { attribute_id: STATUS.id, operator: 'is_any_of', operand: [LABEL_DONE] },
      { attribute_id: OWNER.id, operator: 'includes_any', operand: ['me'] },
      { attribute_id: DUE.id, operator: 'within', operand: { range: 'next_days', days: 7 } },
    ]);
    choose('Show items matching', 'any', 0);
    expect(last(onChange).filter_match).toBe('any');
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove filter' })[0]!);
    expect(last(onChange).filters.map((rule) => rule.attribute_id)).toEqual([OWNER.id, DUE.id]);
  });

  test('a filled but invalid operand is named and not applied', () => {
    const onChange = renderToolbar();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    choose('Attribute', LINKED.id);
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: 'not-an-id' } });
    expect(screen.getByText('The filter value is not valid for the operator includes_any.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('the toolbar', () => {
  test('group by writes group_by and opens every group again', () => {
    const onChange = renderToolbar(settingsOf({ collapsed_groups: ['x'] }));
    fireEvent.click(screen.getByRole('button', { name: /Group by/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Status' }));
    expect(last(onChange)).toMatchObject({ group_by: STATUS.id, collapsed_groups: [] });
    fireEvent.click(screen.getByRole('button', { name: /Group by/ }));
    fireEvent.click(screen.getByRole('option', { name: 'No grouping' }));
    expect(last(onChange).group_by).toBeNull();
  });

  test('columns are shown and hidden from the list; the name cannot be hidden', () => {
    const onChange = renderToolbar();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect((screen.getByRole('checkbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    expect(last(onChange).hidden_attribute_ids).toEqual([EMAIL.id]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    expect(last(onChange).hidden_attribute_ids).toEqual([]);
  });

  test('sort rules are added, turned and removed', () => {
    const onChange = renderToolbar();
    fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add sort' }));
    expect(last(onChange).sort).toEqual([{ attribute_id: 'name', direction: 'asc' }]);
    choose('Direction', 'desc');
    choose('Attribute', 'n0');
    expect(last(onChange).sort).toEqual([{ attribute_id: 'n0', direction: 'desc' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove sort' }));
    expect(last(onChange).sort).toEqual([]);
  });
});

describe('Export CSV', () => {
  function renderExport(props: { canExport: boolean; isOnline?: boolean; isExporting?: boolean }) {
    const onExport = vi.fn();
    render(
      <ViewToolbar
        attributes={ATTRIBUTES}
        settings={settingsOf()}
        context={CONTEXT}
        members={MEMBERS}
        nameAttributeId="name"
        onChangeSettings={vi.fn()}
        onExport={onExport}
        {...props}
      />,
    );
    return onExport;
  }

  test.each([
    { canExport: true, shown: true },
    { canExport: false, shown: false },
  ])('with EXPORT $canExport the button is shown: $shown', ({ canExport, shown }) => {
    const onExport = renderExport({ canExport });
    const button = screen.queryByRole('button', { name: 'Export CSV' });
    expect(button !== null).toBe(shown);
    if (!button) return;
    fireEvent.click(button);
    expect(onExport).toHaveBeenCalledOnce();
  });

  test('offline the button is disabled and says it needs a connection', () => {
    const onExport = renderExport({ canExport: true, isOnline: false });
    const button = screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('Exporting needs a connection.');
    fireEvent.click(button);
    expect(onExport).not.toHaveBeenCalled();
  });

  test('while an export is on its way the button waits', () => {
    renderExport({ canExport: true, isExporting: true });
    const button = screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
