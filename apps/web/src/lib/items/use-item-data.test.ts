// @vitest-environment jsdom
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useItemDataOf } from './use-item-data';

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const COST = uid(2);
const QTY = uid(3);
const attributes: AttributeDefinition[] = [
  { id: uid(1), name: 'Name', type: 'text', settings: { primary: true } },
  { id: COST, name: 'Cost', type: 'number', settings: {} },
  { id: QTY, name: 'Quantity', type: 'number', settings: {} },
  { id: uid(4), name: 'Total', type: 'formula', settings: { formula: `{${COST}} * {${QTY}}` } },
  { id: uid(5), name: 'Broken', type: 'formula', settings: { formula: `{${COST}} / 0` } },
  { id: uid(6), name: 'Sub total', type: 'formula', settings: { formula: `SUM(SUBITEMS({${COST}}))` } },
];
const item = (id: number, cost: number | null, qty: number | null, parent: string | null = null) => ({
  id: uid(id),
  parent_id: parent,
  values: {
    ...(cost === null ? {} : { [COST]: { data: cost } }),
    ...(qty === null ? {} : { [QTY]: { data: qty } }),
  },
});
const context = { locale: 'en-US', timeZone: 'UTC' };
const byName = (name: string) => attributes.find((attribute) => attribute.name === name)!;

describe('the values views show for formula attributes', () => {
  const items = [
    item(100, 12.5, 4),
    item(101, 3, null),
    item(102, 2, 1, uid(100)),
    item(103, 5, 1, uid(100)),
  ];
  const { result } = renderHook(() => useItemDataOf(attributes, items, context));
  const dataOf = result.current!;

  test.each([
    ['a product of two numbers', items[0]!, 'Total', 50],
    ['stored data for a stored attribute', items[0]!, 'Cost', 12.5],
  ])('%s', (_case, target, attribute, expected) => {
    expect(dataOf(target, byName(attribute))).toBe(expected);
  });
  test('an error comes back as a value, not thrown', () => {
    expect(dataOf(items[0]!, byName('Broken'))).toMatchObject({ error: '#DIV/0!' });
  });
  test('aggregates read the subitems', () => {
    expect(dataOf(items[0]!, byName('Sub total'))).toBe(7);
    expect(dataOf(items[1]!, byName('Sub total'))).toBe(0);
  });
});

test('a board without formulas reads stored data directly', () => {
  const { result } = renderHook(() => useItemDataOf(attributes.slice(0, 3), [], context));
  expect(result.current).toBeUndefined();
});
