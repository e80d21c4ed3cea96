import {
  DEPENDENCY_TYPES,
  type DependencyType,
  isDependencyType,
  isValidLag,
} from '../../scheduling/dependencies';
import { isIdListOperand, matchIds, matchText } from '../filter-matchers';
import { EMPTY_OPERATORS } from '../filter-operators';
import { isUuid } from '../ids';
import { compareText, itemTitleOf } from '../value-context';
import { fail, failWith, ok, type ValueError, valueError } from '../value-errors';
import type { TypeHandler } from './type-handler';

/** One predecessor of an item, as a dependency value stores it. */
export interface DependencyData {
  item_id: string;
  type: DependencyType;
  lag_days: number;
}

/** At most this many predecessors per item. */
export const MAX_DEPENDENCIES = 100;

const idsOf = (data: readonly DependencyData[]) => data.map((entry) => entry.item_id);

/** A link as a person reads it: the predecessor's title, then its type and lag when not plain FS. */
function linkText(entry: DependencyData, context: Parameters<typeof itemTitleOf>[1]): string {
  const title = itemTitleOf(entry.item_id, context);
  const lag = entry.lag_days === 0 ? '' : entry.lag_days > 0 ? ` +${entry.lag_days}d` : ` ${entry.lag_days}d`;
  return entry.type === 'FS' && lag === '' ? title : `${title} (${entry.type}${lag})`;
}

/**
 * Dependency: the item's predecessors on the same board, each `{ item_id, type, lag_days }`
 * (docs/gantt-scheduling.md). The type defaults to FS and the lag to 0. Whether the predecessors
 * are on the board, not the item itself and free of cycles needs the board: the server checks it
 * on every save (and moves the dependents the change pushes).
 */
export const dependencyHandler: TypeHandler<'dependency', DependencyData[]> = {
  operators: ['includes_any', 'excludes', 'contains', 'not_contains', ...EMPTY_OPERATORS],
  validateData: (_settings, data) => {
    if (data === null || data === undefined) return ok(null);
    if (!Array.isArray(data)) return fail('INVALID_TYPE', { expected: 'an array of dependencies' });
    if (data.length > MAX_DEPENDENCIES) return fail('TOO_MANY_ENTRIES', { max: MAX_DEPENDENCIES });
    const errors: ValueError[] = [];
    const entries: DependencyData[] = [];
    data.forEach((raw, at) => {
      const path = String(at);
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        errors.push(
          valueError('INVALID_TYPE', { expected: 'a dependency { item_id, type, lag_days }' }, path),
        );
        return;
      }
      const { item_id, type = 'FS', lag_days = 0 } = raw as Record<string, unknown>;
      if (!isUuid(item_id)) errors.push(valueError('INVALID_ID', { id: String(item_id) }, `${path}.item_id`));
      else if (entries.some((entry) => entry.item_id === item_id))
        errors.push(valueError('DEPENDENCY_DUPLICATE', {}, `${path}.item_id`));
      if (!isDependencyType(type)) errors.push(valueError('DEPENDENCY_TYPE', {}, `${path}.type`));
      if (!isValidLag(lag_days)) errors.push(valueError('DEPENDENCY_LAG', {}, `${path}.lag_days`));
      if (isUuid(item_id) && isDependencyType(type) && isValidLag(lag_days))
        entries.push({ item_id, type, lag_days });
    });
    if (errors.length > 0) return failWith(errors);
    return ok(entries.length === 0 ? null : entries);
  },
  read: (data) => {
    if (!Array.isArray(data)) return null;
    const entries: DependencyData[] = [];
    for (const raw of data) {
      if (!raw || typeof raw !== 'object') continue;
      const { item_id, type, lag_days } = raw as Record<string, unknown>;
      if (!isUuid(item_id)) continue;
      entries.push({
        item_id,
        type: isDependencyType(type) ? type : 'FS',
        lag_days: isValidLag(lag_days) ? lag_days : 0,
      });
    }
    return entries.length === 0 ? null : entries;
  },
  compare: (a, b, _settings, context) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const diff = compareText(
        itemTitleOf(a[i]!.item_id, context),
        itemTitleOf(b[i]!.item_id, context),
        context,
      );
      if (diff !== 0) return diff;
    }
    return a.length - b.length;
  },
  matches: (data, operator, operand, context) => {
    if (operator === 'contains' || operator === 'not_contains')
      return matchText(
        data === null ? null : data.map((entry) => itemTitleOf(entry.item_id, context)).join('\n'),
        operator,
        operand,
      );
    return matchIds(data === null ? null : idsOf(data), operator, operand, context);
  },
  isOperand: (operator, operand) =>
    operator === 'contains' || operator === 'not_contains'
      ? typeof operand === 'string'
      : isIdListOperand(operand) && (operand as unknown[]).every(isUuid),
  toPlainText: (data, _settings, context) => data.map((entry) => linkText(entry, context)).join(', '),
};

export { DEPENDENCY_TYPES };
