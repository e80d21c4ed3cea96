import type { Label } from '../attribute-settings';
import { isIdListOperand, matchIds } from '../filter-matchers';
import { EMPTY_OPERATORS, type FilterOperator } from '../filter-operators';
import { isUuid } from '../ids';
import { fail, failWith, ok, type ValueError, valueError } from '../value-errors';
import type { TypeHandler } from './type-handler';

const TRUE_TEXT = /^(true|yes|y|1|x|checked|done|\u2713|\u2714)$/i;
const FALSE_TEXT = /^(false|no|n|0|unchecked|)$/i;

/** Checkbox: a boolean; a missing value reads as unchecked, so it is never "empty". */
export const checkboxHandler: TypeHandler<'checkbox', boolean> = {
  operators: ['is_checked', 'is_unchecked'],
  validateData: (_settings, data) => {
    if (data === null || data === undefined) return ok(null);
    return typeof data === 'boolean' ? ok(data) : fail('INVALID_TYPE', { expected: 'true or false' });
  },
  read: (data) => data === true,
  compare: (a, b) => Number(a) - Number(b),
  matches: (data, operator) =>
    operator === 'is_checked' ? data === true : operator === 'is_unchecked' && data !== true,
  toPlainText: (data) => (data ? 'true' : 'false'),
  fromPlainText: (text) => {
    const trimmed = text.trim();
    if (TRUE_TEXT.test(trimmed)) return ok(true);
    if (FALSE_TEXT.test(trimmed)) return ok(false);
    return fail('UNRECOGNISED_TEXT', { text });
  },
};

function labelIndex(labels: readonly Label[]): Map<string, number> {
  return new Map(labels.map((label, index) => [label.id, index]));
}

// Settings are read once per attribute (readSettings caches them), so the index is kept per labels array.
const indexCache = new WeakMap<readonly Label[], Map<string, number>>();
function indexOf(labels: readonly Label[]): Map<string, number> {
  let index = indexCache.get(labels);
  if (!index) {
    index = labelIndex(labels);
    indexCache.set(labels, index);
  }
  return index;
}

/**
 * Label: an array of label ids from `settings.labels` (one at most unless `settings.multiple`).
 * Sorted by the labels' order in the settings, shown by name.
 */
export const labelHandler: TypeHandler<'label', string[]> = {
  operators: ['is_any_of', 'is_none_of', 'is_all_of', ...EMPTY_OPERATORS],
  validateData: (settings, data) => {
    if (data === null || data === undefined) return ok(null);
    const list = typeof data === 'string' ? [data] : data;
    if (!Array.isArray(list)) return fail('INVALID_TYPE', { expected: 'an array of label ids' });
    const known = indexOf(settings.labels);
    const errors: ValueError[] = [];
    const ids: string[] = [];
    list.forEach((id, at) => {
      if (typeof id !== 'string' || !known.has(id))
        errors.push(valueError('UNKNOWN_LABEL', { id: String(id) }, String(at)));
      else if (!ids.includes(id)) ids.push(id);
    });
    if (errors.length > 0) return failWith(errors);
    if (!settings.multiple && ids.length > 1) return fail('TOO_MANY_LABELS');
    return ok(ids.length === 0 ? null : ids);
  },
  read: (data, settings) => {
    if (!Array.isArray(data)) return null;
    const known = indexOf(settings.labels);
    const ids = data.filter((id): id is string => typeof id === 'string' && known.has(id));
    return ids.length === 0 ? null : ids;
  },
  compare: (a, b, settings) => {
    const known = indexOf(settings.labels);
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const diff = known.get(a[i]!)! - known.get(b[i]!)!;
      if (diff !== 0) return diff;
    }
    return a.length - b.length;
  },
  matches: (data, operator, operand, context) => matchIds(data, operator as FilterOperator, operand, context),
  isOperand: (_operator, operand) => isIdListOperand(operand) && (operand as unknown[]).every(isUuid),
  toPlainText: (data, settings) => {
    const byId = new Map(settings.labels.map((label) => [label.id, label.name]));
    return data.map((id) => byId.get(id) ?? id).join(', ');
  },
  fromPlainText: (text, settings) => {
    const trimmed = text.trim();
    if (trimmed === '') return ok(null);
    const find = (name: string) =>
      settings.labels.find((label) => label.name.trim().toLowerCase() === name.trim().toLowerCase());
    // A label whose name holds a comma is matched whole before the text is split.
    const whole = find(trimmed);
    if (whole) return ok([whole.id]);
    if (!settings.multiple) return fail('UNRECOGNISED_TEXT', { text: trimmed });
    const ids: string[] = [];
    for (const part of trimmed.split(',')) {
      if (part.trim() === '') continue;
      const label = find(part);
      if (!label) return fail('UNRECOGNISED_TEXT', { text: part.trim() });
      if (!ids.includes(label.id)) ids.push(label.id);
    }
    return ok(ids.length === 0 ? null : ids);
  },
};
