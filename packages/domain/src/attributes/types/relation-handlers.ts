import { isIdListOperand, matchIds, matchText } from '../filter-matchers';
import { CHOICE_OPERATORS, EMPTY_OPERATORS, type FilterOperator } from '../filter-operators';
import { isBase62Id, isUuid } from '../ids';
import { compareText, folderNameOf, itemTitleOf } from '../value-context';
import { fail, failWith, ok, type ValueError, valueError } from '../value-errors';
import type { TypeHandler } from './type-handler';

/**
 * Reference: the ids of referenced items (of this board or the one in `settings.boardId`), shown
 * with their titles. References are written through their own endpoint, so users never write this
 * data through the item; the server fills it.
 */
export const referenceHandler: TypeHandler<'reference', string[]> = {
  operators: ['includes_any', 'excludes', 'contains', 'not_contains', ...EMPTY_OPERATORS],
  validateData: (settings, data) => {
    if (data === null || data === undefined) return ok(null);
    if (!Array.isArray(data)) return fail('INVALID_TYPE', { expected: 'an array of item ids' });
    const errors: ValueError[] = [];
    const ids: string[] = [];
    data.forEach((id, at) => {
      if (!isUuid(id)) errors.push(valueError('INVALID_ID', { id: String(id) }, String(at)));
      else if (!ids.includes(id)) ids.push(id);
    });
    if (errors.length > 0) return failWith(errors);
    if (!settings.multiple && ids.length > 1) return fail('TOO_MANY_ENTRIES', { max: 1 });
    return ok(ids.length === 0 ? null : ids);
  },
  read: (data) => {
    if (!Array.isArray(data)) return null;
    const ids = data.filter(isUuid);
    return ids.length === 0 ? null : ids;
  },
  compare: (a, b, _settings, context) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const diff = compareText(itemTitleOf(a[i]!, context), itemTitleOf(b[i]!, context), context);
      if (diff !== 0) return diff;
    }
    return a.length - b.length;
  },
  matches: (data, operator, operand, context) => {
    if (operator === 'contains' || operator === 'not_contains')
      return matchText(
        data === null ? null : data.map((id) => itemTitleOf(id, context)).join('\n'),
        operator,
        operand,
      );
    return matchIds(data, operator, operand, context);
  },
  isOperand: (operator, operand) =>
    operator === 'contains' || operator === 'not_contains'
      ? typeof operand === 'string'
      : isIdListOperand(operand) && (operand as unknown[]).every(isUuid),
  toPlainText: (data, _settings, context) => data.map((id) => itemTitleOf(id, context)).join(', '),
};

/** Source folder: the folder the item lives in (the item's folder_id), shown by name. */
export const sourceFolderHandler: TypeHandler<'source_folder', string> = {
  operators: CHOICE_OPERATORS as readonly FilterOperator[],
  validateData: (_settings, data) => {
    if (data === null || data === undefined) return ok(null);
    return isBase62Id(data) ? ok(data) : fail('INVALID_ID', { id: String(data) });
  },
  read: (data) => (isBase62Id(data) ? data : null),
  compare: (a, b, _settings, context) =>
    compareText(folderNameOf(a, context), folderNameOf(b, context), context),
  matches: (data, operator, operand, context) =>
    matchIds(data === null ? null : [data], operator, operand, context),
  isOperand: (_operator, operand) => isIdListOperand(operand) && (operand as unknown[]).every(isBase62Id),
  toPlainText: (data, _settings, context) => folderNameOf(data, context),
};
