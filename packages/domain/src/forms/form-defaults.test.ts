import { describe, expect, test } from 'vitest';
import type { AttributeDefinition } from '../attributes/type-registry';
import { checkFormDefaults } from './form-defaults';
import type { FormField } from './form-settings';

const ONE = '00000000-0000-4000-8000-000000000001';
const NOPE = '00000000-0000-4000-8000-000000000009';
const attributes: AttributeDefinition[] = [
  { id: 'name', name: 'Name', type: 'text' },
  { id: 'mail', name: 'Email', type: 'email' },
  { id: 'n', name: 'Count', type: 'number' },
  { id: 'ok', name: 'Terms', type: 'checkbox' },
  { id: 'due', name: 'Due', type: 'date' },
  {
    id: 'tags',
    name: 'Tags',
    type: 'label',
    settings: { labels: [{ id: ONE, name: 'One', color: '#0a0' }] },
  },
  { id: 'sum', name: 'Total', type: 'formula' },
  { id: 'files', name: 'Files', type: 'attachments' },
];

describe('checkFormDefaults: each default as its attribute takes it', () => {
  test.each<[string, FormField, unknown]>([
    ['a text default is kept', { attribute_id: 'name', default: 'web' }, 'web'],
    ['a number default is kept', { attribute_id: 'n', default: 3 }, 3],
    ['a label of the attribute is kept', { attribute_id: 'tags', default: [ONE] }, [ONE]],
    ['a date is kept', { attribute_id: 'due', default: '2026-11-30' }, '2026-11-30'],
    ['a checkbox default is kept', { attribute_id: 'ok', default: true }, true],
    ['no default stays none', { attribute_id: 'name' }, undefined],
    ['a null default is no default', { attribute_id: 'name', default: null }, undefined],
    ['a gone attribute keeps what it had', { attribute_id: 'gone', default: 'x' }, 'x'],
    ['an attribute a form cannot ask keeps it', { attribute_id: 'sum', default: 'x' }, 'x'],
    ['a file question keeps no default', { attribute_id: 'files', default: [{ id: ONE }] }, undefined],
  ])('%s', (_, field, stored) => {
    const result = checkFormDefaults([field], attributes);
    expect('fields' in result).toBe(true);
    if (!('fields' in result)) return;
    expect(result.fields[0]!.default).toEqual(stored);
    expect('default' in result.fields[0]!).toBe(stored !== undefined);
  });

  test.each<[string, FormField, string]>([
    ['text for a number', { attribute_id: 'n', default: 'many' }, 'INVALID_NUMBER'],
    ['a label the attribute lacks', { attribute_id: 'tags', default: [NOPE] }, 'UNKNOWN_LABEL'],
    ['an address that is no e-mail', { attribute_id: 'mail', default: 'not mail' }, 'INVALID_EMAIL'],
    ['a date that is none', { attribute_id: 'due', default: '2026-13-45' }, 'INVALID_DATE'],
  ])('refused: %s', (_, field, code) => {
    const result = checkFormDefaults([{ attribute_id: 'name' }, field], attributes);
    expect('errors' in result).toBe(true);
    if (!('errors' in result)) return;
    expect(result.errors.map((error) => error.code)).toContain(code);
    expect(result.errors[0]!.path.startsWith('settings.fields.1.default')).toBe(true);
  });
});
