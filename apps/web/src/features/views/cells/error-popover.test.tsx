// @vitest-environment jsdom

import { parseLocaleDateText } from '@strata/domain/attributes/date-locale';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { dateExample } from '../../../lib/date-example';
import { attributeOf, CONTEXT, MEMBERS, setupViewsTest } from '../views-test-setup';
import { CELL_TYPES } from './cell-registry';
import { valueErrorText } from './use-validated-commit';

beforeAll(setupViewsTest);
afterEach(cleanup);

const LOCALES = ['ar', 'de', 'en-US', 'es', 'fr', 'it', 'ko', 'pl', 'sr', 'tr', 'zh'] as const;
const catalogues = import.meta.glob<{ views: { errors: Record<string, string> } }>(
  '../../../i18n/locales/*.json',
  {
    eager: true,
    import: 'default',
  },
);
const errorsOf = (locale: string) => catalogues[`../../../i18n/locales/${locale}.json`]!.views.errors;

function editNumberInCell() {
  const onCommit = vi.fn();
  const Edit = CELL_TYPES.number.Edit!;
  render(
    <div data-testid="cell">
      <Edit
        attribute={attributeOf('number')}
        data={null}
        context={CONTEXT}
        members={MEMBERS}
        onCommit={onCommit}
        onCancel={vi.fn()}
      />
    </div>,
  );
  const input = screen.getByRole('textbox', { name: 'number' }) as HTMLInputElement;
  fireEvent.change(input, { target: { value: 'lots' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return { input, onCommit };
}

describe('a refused cell edit', () => {
  test('shows its message in a popover outside the cell, which the input names and keeps focus over', () => {
    const { input, onCommit } = editNumberInCell();
    expect(onCommit).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Enter a number.');
    // Portalled: the cell (and the rows after it) cannot clip or cover it.
    expect(screen.getByTestId('cell').contains(alert)).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(input);
  });

  test('the popover goes once the value is accepted', () => {
    const { input, onCommit } = editNumberInCell();
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith(12, undefined);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('the wording of value errors', () => {
  const today = new Date(2026, 10, 26);

  test.each([
    ['en-US', '11/26/2026'],
    ['en-GB', '26/11/2026'],
    ['de', '26.11.2026'],
    ['ar', '٢٦/١١/٢٠٢٦'],
  ])('a date example in %s is %s', (locale, example) => {
    expect(dateExample(locale, today)).toBe(example);
  });

  test.each(LOCALES)('%s: the example is a date the date fields read back as the same day', (locale) => {
    expect(parseLocaleDateText(dateExample(locale, today), locale, 'UTC')).toEqual({
      ms: Date.UTC(2026, 10, 26),
      allDay: true,
    });
  });

  test('a wrong date asks for a date like one written in the reader’s locale', () => {
    const text = valueErrorText(
      i18next.t,
      { code: 'INVALID_DATE', message: 'The value must be a date in ISO 8601 format.', params: {} },
      'en-GB',
    );
    expect(text).toBe(`Enter a date such as ${dateExample('en-GB')}.`);
  });

  test.each(LOCALES)('%s: number and date messages are plain, with the date example filled in', (locale) => {
    const errors = errorsOf(locale);
    for (const code of ['INVALID_NUMBER', 'NOT_INTEGER', 'OUT_OF_RANGE', 'INVALID_DATE']) {
      expect(errors[code], code).toBeTruthy();
      expect(errors[code]).not.toMatch(/ISO|8601/);
    }
    expect(errors.INVALID_DATE).toContain('{{example}}');
    expect(errors.OUT_OF_RANGE).toContain('{{min}}');
    expect(errors.OUT_OF_RANGE).toContain('{{max}}');
  });
});
