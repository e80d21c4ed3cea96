import { ATTRIBUTE_TYPES, isUserEditable } from '@strata/domain/attributes/attribute-types';
import { ATTRIBUTE_ERROR_MESSAGES } from '@strata/domain/attributes/value-errors';
import { describe, expect, test } from 'vitest';
import enUS from '../../../i18n/locales/en-US.json';
import { CELL_TYPES, cellTypeOf } from './cell-registry';
import { FORMULA_ERROR_KEYS } from './computed-cells';

describe('the cell registry', () => {
  test.each(ATTRIBUTE_TYPES)('the %s type has a renderer', (type) => {
    expect(typeof CELL_TYPES[type]?.Render).toBe('function');
  });

  test('has no entry for a type the domain does not know', () => {
    expect(Object.keys(CELL_TYPES).sort()).toEqual([...ATTRIBUTE_TYPES].sort());
  });

  test.each(ATTRIBUTE_TYPES.filter((type) => isUserEditable(type)))(
    'the user-editable %s type can be edited in the cell',
    (type) => {
      const entry = CELL_TYPES[type];
      expect(entry.Edit !== undefined || entry.toggle !== undefined).toBe(true);
    },
  );

  test.each(ATTRIBUTE_TYPES.filter((type) => !isUserEditable(type) && type !== 'reference'))(
    'the %s type, set by Strata or an action, has no editor',
    (type) => {
      expect(CELL_TYPES[type].Edit).toBeUndefined();
      expect(CELL_TYPES[type].toggle).toBeUndefined();
    },
  );

  test('only references have an editor that saves through its own route, never as item data', () => {
    const own = ATTRIBUTE_TYPES.filter((type) => CELL_TYPES[type].savesItself);
    expect(own).toEqual(['reference']);
    expect(CELL_TYPES.reference.Edit).toBeDefined();
  });

  test('a checkbox toggles between true and false, no value counting as unchecked', () => {
    const { toggle } = CELL_TYPES.checkbox;
    expect(toggle?.(null)).toBe(true);
    expect(toggle?.(undefined)).toBe(true);
    expect(toggle?.(true)).toBe(false);
    expect(toggle?.(false)).toBe(true);
  });

  test('an unknown type falls back to the text renderer instead of throwing', () => {
    expect(cellTypeOf('hologram').Render).toBe(CELL_TYPES.text.Render);
  });
});

describe('the views catalogue', () => {
  const views = enUS.views as unknown as {
    errors: Record<string, string>;
    formulaErrors: Record<string, string>;
  };

  test('has a text for every value error code of the domain', () => {
    const missing = Object.keys(ATTRIBUTE_ERROR_MESSAGES).filter((code) => !(code in views.errors));
    expect(missing).toEqual([]);
  });

  test('fills the same placeholders the domain messages name, in {{param}} form', () => {
    // Filled by the web app itself (valueErrorText): a date written the reader's way.
    const filledHere: Record<string, string[]> = { INVALID_DATE: ['example'] };
    const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);
    for (const [code, message] of Object.entries(ATTRIBUTE_ERROR_MESSAGES)) {
      const expected = [...names(message, /(?<!\()\{(\w+)\}/g), ...(filledHere[code] ?? [])].sort();
      expect(names(views.errors[code]!, /\{\{(\w+)\}\}/g).sort(), code).toEqual(expected);
    }
  });

  test('explains every formula error code', () => {
    for (const key of Object.values(FORMULA_ERROR_KEYS)) expect(views.formulaErrors[key]).toBeTruthy();
  });
});
