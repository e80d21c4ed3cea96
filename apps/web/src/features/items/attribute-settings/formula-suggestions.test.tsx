// @vitest-environment jsdom
import { FORMULA_CATALOG } from '@strata/domain/attributes/formula/formula-catalog';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { setupViewsTest } from '../../views/views-test-setup';
import { FormulaFunctionField, matchFunctions, wordAtCaret } from './formula-suggestions';

beforeAll(setupViewsTest);
afterEach(cleanup);

describe('the word being typed', () => {
  test.each([
    ['ROU', 3, 'ROU'],
    ['1 + ro', 6, 'ro'],
    ['NORM.S', 6, 'NORM.S'],
    ['"ROU', 4, null],
    ['{ROU', 4, null],
    ['{Cost} + AB', 11, 'AB'],
    ['12', 2, null],
  ] as const)('%s with the caret at %i is %j', (text, caret, word) => {
    expect(wordAtCaret(text, caret)?.word ?? null).toBe(word);
  });

  test('suggestions start with the word, shortest first, and none once the name is complete', () => {
    expect(matchFunctions(FORMULA_CATALOG, 'roun').map((e) => e.name)).toEqual([
      'ROUND',
      'ROUNDUP',
      'ROUNDDOWN',
    ]);
    expect(matchFunctions(FORMULA_CATALOG, 'ROUNDUP')).toEqual([]);
  });
});

function Editor({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <FormulaFunctionField label="Formula" value={value} onValueChange={setValue} />;
}

function type(field: HTMLTextAreaElement, text: string) {
  field.focus();
  field.setSelectionRange(text.length, text.length);
  fireEvent.change(field, {
    target: { value: text, selectionStart: text.length, selectionEnd: text.length },
  });
}

describe('the formula field', () => {
  test('suggests functions with their signatures; arrows choose, Enter inserts NAME(', async () => {
    render(<Editor />);
    const field = screen.getByRole('combobox', { name: 'Formula' }) as HTMLTextAreaElement;
    type(field, 'ROUN');
    const list = await screen.findByRole('listbox');
    expect(list.textContent).toContain('ROUND(number, [digits])');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(field.value).toBe('ROUNDUP(');
    expect(field.selectionStart).toBe('ROUNDUP('.length);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('Tab inserts the first suggestion, keeping what follows the word', async () => {
    render(<Editor />);
    const field = screen.getByRole('combobox', { name: 'Formula' }) as HTMLTextAreaElement;
    type(field, '1 + ab');
    await screen.findByRole('listbox');
    fireEvent.keyDown(field, { key: 'Tab' });
    expect(field.value).toBe('1 + ABS(');
  });

  test('Escape closes the list and leaves the text as it is', async () => {
    render(<Editor />);
    const field = screen.getByRole('combobox', { name: 'Formula' }) as HTMLTextAreaElement;
    type(field, 'SUMX');
    await screen.findByRole('listbox');
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(field.value).toBe('SUMX');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(field.value).toBe('SUMX');
  });

  test('no suggestions inside text or an attribute name', async () => {
    render(<Editor />);
    const field = screen.getByRole('combobox', { name: 'Formula' }) as HTMLTextAreaElement;
    type(field, 'SU');
    await screen.findByRole('listbox');
    type(field, '"SU');
    expect(screen.queryByRole('listbox')).toBeNull();
    type(field, '{SU');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('under dir=rtl the signatures stay left to right', async () => {
    document.documentElement.dir = 'rtl';
    try {
      render(<Editor />);
      const field = screen.getByRole('combobox', { name: 'Formula' }) as HTMLTextAreaElement;
      type(field, 'NORM.S');
      const option = (await screen.findAllByRole('option'))[0]!;
      expect(option.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
      expect(option.textContent).toMatch(/^NORM\.S\.(DIST|INV)\(/);
    } finally {
      document.documentElement.dir = 'ltr';
    }
  });
});
