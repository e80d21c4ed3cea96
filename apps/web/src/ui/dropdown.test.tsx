// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import enUS from '../i18n/locales/en-US.json';
import { Dropdown, type DropdownOption } from './dropdown';

beforeAll(async () => {
  // jsdom lacks what the popup positioning measures with.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});
afterEach(cleanup);

const OPTIONS: DropdownOption<string>[] = [
  { value: 'todo', label: 'To do' },
  { value: 'blocked', label: 'Blocked', disabled: true },
  { value: 'doing', label: 'In progress', synonyms: ['working'] },
  { value: 'done', label: 'Done' },
];

function Single() {
  const [value, setValue] = useState<string | null>(null);
  return <Dropdown label="Status" options={OPTIONS} value={value} onChange={setValue} searchable />;
}
function Multiple() {
  const [value, setValue] = useState<string[]>([]);
  return <Dropdown label="Tags" options={OPTIONS} value={value} onChange={setValue} multiple />;
}

const key = (k: string) =>
  act(() => void fireEvent.keyDown(screen.getByRole('listbox').parentElement!, { key: k }));

describe('Dropdown', () => {
  test('shows the placeholder "Choose an Option" until something is picked', () => {
    render(<Single />);
    expect(screen.getByRole('button').textContent).toContain('Choose an Option');
  });

  test('arrow keys skip disabled options and Enter picks the active one, closing the popup', async () => {
    render(<Single />);
    fireEvent.click(screen.getByRole('button'));
    await screen.findByRole('listbox');
    key('ArrowDown'); // To do -> (Blocked is disabled) -> In progress
    key('Enter');
    expect(screen.getByRole('button').textContent).toContain('In progress');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('a disabled option cannot be clicked', async () => {
    render(<Single />);
    fireEvent.click(screen.getByRole('button'));
    fireEvent.click(await screen.findByRole('option', { name: 'Blocked' }));
    expect(screen.getByRole('option', { name: 'Blocked' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button').textContent).toContain('Choose an Option');
  });

  test('search, labelled "Search", filters by word starts and synonyms', async () => {
    render(<Single />);
    fireEvent.click(screen.getByRole('button'));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Search' }), { target: { value: 'work' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['In progress']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Search' }), { target: { value: 'prog' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['In progress']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Search' }), { target: { value: 'rogress' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  test('multiple: Enter toggles options and the popup stays open', async () => {
    render(<Multiple />);
    fireEvent.click(screen.getByRole('button'));
    await screen.findByRole('listbox');
    key('Enter'); // To do
    key('ArrowDown');
    key('Enter'); // In progress
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(screen.getByRole('button').textContent).toContain('To do, In progress');
    key('Enter'); // In progress again: off
    expect(screen.getByRole('button').textContent).toContain('To do');
    expect(screen.getByRole('button').textContent).not.toContain('In progress');
  });
});
