// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { mockGridViewport, settingsOf, setupViewsTest } from '../views-test-setup';
import { BUTTON, CHECK, CREATED, EMAIL, header, key, lastSettings, renderTable } from './table-test-harness';

let restoreViewport: () => void;
beforeAll(async () => {
  await setupViewsTest();
  restoreViewport = mockGridViewport();
});
afterAll(() => restoreViewport());
afterEach(cleanup);

describe('columns from the header', () => {
  test.each([
    ['ltr', 50, 230],
    ['rtl', 50, 130],
    ['ltr', -500, 60],
  ] as const)('dragging the edge (%s, %i px) saves the clamped width %i', (dir, delta, width) => {
    const { onChangeSettings } = renderTable({ dir });
    const edge = screen.getByRole('separator', { name: 'Resize Number 0' });
    fireEvent.pointerDown(edge, { clientX: 300 });
    fireEvent.pointerMove(window, { clientX: 300 + delta });
    expect(onChangeSettings).not.toHaveBeenCalled();
    fireEvent.pointerUp(window, { clientX: 300 + delta });
    expect(lastSettings(onChangeSettings).column_widths).toEqual({ n0: width });
  });

  test('the edge moves with the arrow keys, mirrored in right-to-left text', () => {
    const { onChangeSettings, view } = renderTable();
    key(screen.getByRole('separator', { name: 'Resize Number 0' }), 'ArrowRight');
    expect(lastSettings(onChangeSettings).column_widths).toEqual({ n0: 190 });
    view.unmount();
    const rtl = renderTable({ dir: 'rtl' });
    key(screen.getByRole('separator', { name: 'Resize Number 0' }), 'ArrowRight');
    expect(lastSettings(rtl.onChangeSettings).column_widths).toEqual({ n0: 170 });
  });

  test('a header dragged onto another moves the column there (attribute_order)', () => {
    const { onChangeSettings } = renderTable();
    fireEvent.dragStart(header('n0'));
    fireEvent.dragOver(header(CHECK.id));
    fireEvent.drop(header(CHECK.id));
    expect(lastSettings(onChangeSettings).attribute_order).toEqual([
      'name',
      EMAIL.id,
      CHECK.id,
      'n0',
      CREATED.id,
      BUTTON.id,
    ]);
    expect(screen.getAllByRole('columnheader').map((h) => h.getAttribute('data-attribute-id'))).toEqual([
      null,
      'name',
      EMAIL.id,
      CHECK.id,
      'n0',
      CREATED.id,
      BUTTON.id,
    ]);
  });

  test('the name column is no drag source or target', () => {
    const { onChangeSettings } = renderTable();
    expect(header('name').getAttribute('draggable')).toBe('false');
    fireEvent.dragStart(header('n0'));
    fireEvent.drop(header('name'));
    expect(onChangeSettings).not.toHaveBeenCalled();
  });

  test('the header menu sorts, moves and hides a column', () => {
    const { onChangeSettings } = renderTable();
    const openMenu = () => key(screen.getByRole('button', { name: 'Number 0 column options' }), 'Enter');
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sort descending' }));
    expect(lastSettings(onChangeSettings).sort).toEqual([{ attribute_id: 'n0', direction: 'desc' }]);
    expect(header('n0').getAttribute('aria-sort')).toBe('descending');
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('Item 5');
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move right' }));
    expect(lastSettings(onChangeSettings).attribute_order.slice(0, 3)).toEqual(['name', EMAIL.id, 'n0']);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide column' }));
    expect(lastSettings(onChangeSettings).hidden_attribute_ids).toEqual(['n0']);
    expect(header('n0')).toBeNull();
  });

  test('a hidden column is shown again from any header menu', () => {
    const { onChangeSettings } = renderTable({ settings: settingsOf({ hidden_attribute_ids: ['n0'] }) });
    expect(header('n0')).toBeNull();
    key(screen.getByRole('button', { name: 'Name column options' }), 'Enter');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Number 0' }));
    expect(lastSettings(onChangeSettings).hidden_attribute_ids).toEqual([]);
    expect(header('n0')).toBeTruthy();
  });

  test('the name column menu offers no hide or move', () => {
    renderTable();
    key(screen.getByRole('button', { name: 'Name column options' }), 'Enter');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Sort ascending',
      'Sort descending',
      'Clear sort',
    ]);
  });
});
