import { describe, expect, test } from 'vitest';
import { validateAttributeDefinition } from './attribute-definition';
import type { AttributeDefinition } from './type-registry';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const board: AttributeDefinition[] = [
  { id: id(1), name: 'Name', type: 'text' },
  {
    id: id(2),
    name: 'Status',
    type: 'label',
    settings: { labels: [{ id: id(90), name: 'Done', color: '#0c0' }] },
  },
  { id: id(3), name: 'Cost', type: 'number' },
  { id: id(4), name: 'Quantity', type: 'number' },
  { id: id(5), name: 'Created', type: 'created_at' },
  { id: id(6), name: 'Total', type: 'formula', settings: { formula: `{${id(3)}} * {${id(4)}}` } },
  { id: id(7), name: 'Done', type: 'checkbox' },
];

describe('names and types', () => {
  test('a name is required', () => {
    const result = validateAttributeDefinition({ id: id(20), name: '  ', type: 'text' }, board);
    expect(!result.ok && result.errors).toEqual([
      { code: 'ATTRIBUTE_NAME_REQUIRED', message: 'The name is required.', params: {}, path: 'name' },
    ]);
  });

  test('a name may be used once per type, in the spec wording', () => {
    const result = validateAttributeDefinition({ id: id(20), name: ' cost ', type: 'number' }, board);
    expect(!result.ok && result.errors[0]).toMatchObject({
      code: 'ATTRIBUTE_NAME_TAKEN',
      message: 'Attribute with this name and type already exists.',
    });
  });

  test('the same name with another type is allowed', () => {
    expect(validateAttributeDefinition({ id: id(20), name: 'Cost', type: 'text' }, board).ok).toBe(true);
  });

  test('renaming an attribute to its own name is not a clash', () => {
    expect(validateAttributeDefinition({ id: id(3), name: 'Cost', type: 'number' }, board).ok).toBe(true);
  });

  test.each(['created_at', 'created_by', 'updated_at', 'source_folder', 'custom_id'] as const)(
    'only one %s per board',
    (type) => {
      const existing: AttributeDefinition[] = [...board, { id: id(30), name: 'Existing', type }];
      const result = validateAttributeDefinition({ id: id(20), name: 'Another', type }, existing);
      expect(!result.ok && result.errors[0]).toMatchObject({
        code: 'ATTRIBUTE_TYPE_EXISTS',
        message: 'Attribute of this type already exists',
      });
    },
  );

  test('a board has one name attribute: a second text attribute flagged primary is refused', () => {
    const named: AttributeDefinition[] = [
      { id: id(1), name: 'Name', type: 'text', settings: { primary: true } },
    ];
    const second = validateAttributeDefinition(
      { id: id(20), name: 'Title', type: 'text', settings: { primary: true } },
      named,
    );
    expect(!second.ok && second.errors[0]).toMatchObject({
      code: 'NAME_ATTRIBUTE_EXISTS',
      path: 'settings.primary',
    });
    const itself = validateAttributeDefinition(
      { id: id(1), name: 'Name', type: 'text', settings: { primary: true } },
      named,
    );
    expect(itself.ok && itself.data.settings).toEqual({ primary: true });
    // Other types have no name flag: it is dropped with the other unknown keys.
    const number = validateAttributeDefinition(
      { id: id(21), name: 'N', type: 'number', settings: { primary: true } },
      named,
    );
    expect(number.ok && 'primary' in number.data.settings).toBe(false);
  });

  test('an unknown type is refused', () => {
    const result = validateAttributeDefinition({ id: id(20), name: 'X', type: 'status' }, board);
    expect(!result.ok && result.errors[0]!.code).toBe('INVALID_ATTRIBUTE_TYPE');
  });

  test('a label without a name is refused', () => {
    const result = validateAttributeDefinition(
      {
        id: id(20),
        name: 'Tags',
        type: 'label',
        settings: { labels: [{ id: id(91), name: '', color: '#000' }] },
      },
      board,
    );
    expect(!result.ok && result.errors[0]!.message).toBe('The label name is required.');
  });
});

describe('formulas', () => {
  test('names are stored as ids, so a rename keeps the formula', () => {
    const result = validateAttributeDefinition(
      { id: id(20), name: 'Margin', type: 'formula', settings: { formula: '{Total} - {cost}' } },
      board,
    );
    expect(result.ok && result.data.settings).toEqual({ formula: `{${id(6)}} - {${id(3)}}` });
  });

  test('an unknown attribute name is reported', () => {
    const result = validateAttributeDefinition(
      { id: id(20), name: 'Margin', type: 'formula', settings: { formula: '{Price} * 2' } },
      board,
    );
    expect(!result.ok && result.errors[0]).toMatchObject({
      code: 'FORMULA_UNKNOWN_ATTRIBUTE',
      message: 'There is no attribute named "Price".',
      path: 'settings.formula',
    });
  });

  test('a formula that refers to itself is a circle', () => {
    const result = validateAttributeDefinition(
      { id: id(20), name: 'Loop', type: 'formula', settings: { formula: '{Loop} + 1' } },
      board,
    );
    expect(!result.ok && result.errors[0]!.code).toBe('FORMULA_CYCLE');
  });

  test('a formula that closes a circle through another formula names it', () => {
    const withA: AttributeDefinition[] = [
      ...board,
      { id: id(21), name: 'A', type: 'formula', settings: { formula: `{${id(22)}} + 1` } },
    ];
    const result = validateAttributeDefinition(
      { id: id(22), name: 'B', type: 'formula', settings: { formula: '{A} * 2' } },
      withA,
    );
    expect(!result.ok && result.errors[0]).toMatchObject({
      code: 'FORMULA_CYCLE',
      params: { names: 'A -> B' },
    });
  });
});

describe('buttons and defaults', () => {
  test('a button may set editable attributes with valid data', () => {
    const ok = validateAttributeDefinition(
      {
        id: id(20),
        name: 'Finish',
        type: 'button',
        settings: { action: { type: 'set_values', values: [{ attribute_id: id(7), data: true }] } },
      },
      board,
    );
    expect(ok.ok).toBe(true);
  });

  test.each([
    { values: [{ attribute_id: id(5), data: '2026-01-01' }], code: 'BUTTON_TARGET_INVALID' },
    { values: [{ attribute_id: id(99), data: 1 }], code: 'BUTTON_TARGET_INVALID' },
    { values: [{ attribute_id: id(7), data: 'yes' }], code: 'INVALID_TYPE' },
  ])('a button setting $values.0.attribute_id is refused with $code', ({ values, code }) => {
    const result = validateAttributeDefinition(
      { id: id(20), name: 'Finish', type: 'button', settings: { action: { type: 'set_values', values } } },
      board,
    );
    expect(!result.ok && result.errors[0]!.code).toBe(code);
  });

  test('default data is validated for the type', () => {
    const good = validateAttributeDefinition(
      { id: id(20), name: 'Qty', type: 'number', default_data: 1 },
      board,
    );
    expect(good.ok && good.data.default_data).toBe(1);
    const bad = validateAttributeDefinition(
      { id: id(20), name: 'Qty', type: 'number', default_data: 'one' },
      board,
    );
    expect(!bad.ok && bad.errors[0]).toMatchObject({ code: 'INVALID_NUMBER', path: 'default_data' });
    const computed = validateAttributeDefinition(
      { id: id(20), name: 'When', type: 'updated_at', default_data: '2026-01-01' },
      board,
    );
    expect(!computed.ok && computed.errors[0]!.code).toBe('NOT_EDITABLE');
  });
});
