// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { attributeOf, mockGridViewport, setupViewsTest } from '../views-test-setup';
import { BASIC, key, renderTable } from './table-test-harness';

let restoreViewport: () => void;
beforeAll(async () => {
  await setupViewsTest();
  restoreViewport = mockGridViewport();
});
afterAll(() => restoreViewport());
afterEach(cleanup);

const PRIMARY = attributeOf('text', { id: 'name', name: 'Name', settings: { primary: true } });
const openMenu = (name: string) =>
  key(screen.getByRole('button', { name: `${name} column options` }), 'Enter');
const entries = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('"Edit column" and "Delete column" in the header menu', () => {
  test('who may manage attributes gets both; each reports the column', () => {
    const columnActions = { onEditColumn: vi.fn(), onDeleteColumn: vi.fn() };
    renderTable({ attributes: [PRIMARY, ...BASIC.slice(1)], columnActions });
    openMenu('Number 0');
    expect(entries()).toEqual(expect.arrayContaining(['Edit column', 'Delete column']));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit column' }));
    expect(columnActions.onEditColumn).toHaveBeenCalledWith('n0');
    openMenu('Number 0');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete column' }));
    expect(columnActions.onDeleteColumn).toHaveBeenCalledWith('n0');
  });

  test('who may not manage attributes gets neither', () => {
    renderTable({ attributes: [PRIMARY, ...BASIC.slice(1)] });
    openMenu('Number 0');
    expect(entries()).not.toContain('Edit column');
    expect(entries()).not.toContain('Delete column');
  });

  test('the name attribute can be edited (renamed) but not deleted', () => {
    const columnActions = { onEditColumn: vi.fn(), onDeleteColumn: vi.fn() };
    renderTable({ attributes: [PRIMARY, ...BASIC.slice(1)], columnActions });
    openMenu('Name');
    expect(entries()).toContain('Edit column');
    expect(entries()).not.toContain('Delete column');
  });
});
