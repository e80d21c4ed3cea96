import { expect, test } from 'vitest';
import {
  ATTRIBUTE_TYPES,
  isAttributeType,
  isComputed,
  isSingletonType,
  isUserEditable,
} from './attribute-types';

test('the spec fifteen, the public API types and Strata’s own are all there', () => {
  const spec = [
    'date',
    'date_range',
    'longtext',
    'members',
    'email',
    'reference',
    'attachments',
    'checkbox',
    'label',
    'button',
    'custom_id',
    'formula',
    'checklist',
    'number',
    'time_tracking',
  ];
  const api = [
    'text',
    'links',
    'phone',
    'progress',
    'rating',
    'created_at',
    'created_by',
    'updated_at',
    'source_folder',
  ];
  // Strata's own: the gantt's links between items (issue 14).
  const own = ['dependency'];
  expect([...ATTRIBUTE_TYPES].sort()).toEqual([...spec, ...api, ...own].sort());
});

test.each([
  { type: 'created_at', editable: false, computed: true, singleton: true },
  { type: 'created_by', editable: false, computed: true, singleton: true },
  { type: 'updated_at', editable: false, computed: true, singleton: true },
  { type: 'source_folder', editable: false, computed: true, singleton: true },
  { type: 'custom_id', editable: false, computed: true, singleton: true },
  { type: 'formula', editable: false, computed: true, singleton: false },
  { type: 'time_tracking', editable: false, computed: true, singleton: false },
  { type: 'reference', editable: false, computed: true, singleton: false },
  { type: 'dependency', editable: true, computed: false, singleton: true },
  { type: 'button', editable: false, computed: false, singleton: false },
  { type: 'text', editable: true, computed: false, singleton: false },
  { type: 'label', editable: true, computed: false, singleton: false },
  { type: 'date_range', editable: true, computed: false, singleton: false },
] as const)(
  '$type: editable $editable, computed $computed, one per board $singleton',
  ({ type, editable, computed, singleton }) => {
    expect(isUserEditable(type)).toBe(editable);
    expect(isComputed(type)).toBe(computed);
    expect(isSingletonType(type)).toBe(singleton);
  },
);

test('type names are checked', () => {
  expect(isAttributeType('label')).toBe(true);
  expect(isAttributeType('status')).toBe(false);
  expect(isAttributeType(3)).toBe(false);
});
