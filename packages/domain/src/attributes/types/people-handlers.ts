import { isIdListOperand, matchIds } from '../filter-matchers';
import { CHOICE_OPERATORS, SET_OPERATORS } from '../filter-operators';
import { isUserId } from '../ids';
import { compareText, memberNameOf, type ValueContext } from '../value-context';
import { fail, failWith, ok, type ValueError, type ValueResult, valueError } from '../value-errors';
import type { TypeHandler } from './type-handler';

const isUserOperand = (_operator: unknown, operand: unknown) =>
  isIdListOperand(operand, true) && (operand as unknown[]).every((id) => id === 'me' || isUserId(id));

function validateMembers(
  data: unknown,
  multiple: boolean,
  context: ValueContext | undefined,
): ValueResult<number[] | null> {
  if (data === null || data === undefined) return ok(null);
  const list = typeof data === 'number' ? [data] : data;
  if (!Array.isArray(list)) return fail('INVALID_TYPE', { expected: 'an array of user ids' });
  const errors: ValueError[] = [];
  const ids: number[] = [];
  list.forEach((id, at) => {
    if (!isUserId(id)) errors.push(valueError('INVALID_ID', { id: String(id) }, String(at)));
    else if (context?.isMember && !context.isMember(id))
      errors.push(valueError('UNKNOWN_MEMBER', { id }, String(at)));
    else if (!ids.includes(id)) ids.push(id);
  });
  if (errors.length > 0) return failWith(errors);
  if (!multiple && ids.length > 1) return fail('TOO_MANY_MEMBERS');
  return ok(ids.length === 0 ? null : ids);
}

/** Members: an array of user ids (one at most unless `settings.multiple`); shown and sorted by name. */
export const membersHandler: TypeHandler<'members', number[]> = {
  operators: SET_OPERATORS,
  validateData: (settings, data, context) => validateMembers(data, settings.multiple, context),
  read: (data) => {
    if (!Array.isArray(data)) return null;
    const ids = data.filter(isUserId);
    return ids.length === 0 ? null : ids;
  },
  compare: (a, b, _settings, context) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const diff = compareText(memberNameOf(a[i]!, context), memberNameOf(b[i]!, context), context);
      if (diff !== 0) return diff;
    }
    return a.length - b.length;
  },
  matches: (data, operator, operand, context) => matchIds(data, operator, operand, context),
  isOperand: isUserOperand,
  toPlainText: (data, _settings, context) => data.map((id) => memberNameOf(id, context)).join(', '),
  fromPlainText: (text, settings, context) => {
    if (text.trim() === '') return ok(null);
    const ids: number[] = [];
    for (const part of text.split(/[,;\n]/)) {
      const name = part.trim();
      if (name === '') continue;
      const id = context?.findMemberId?.(name) ?? (/^\d+$/.test(name) ? Number(name) : undefined);
      if (id === undefined) return fail('UNRECOGNISED_TEXT', { text: name });
      ids.push(id);
    }
    return validateMembers(ids, settings.multiple, context);
  },
};

/** Created by: the user id of the item's creator. */
export const createdByHandler: TypeHandler<'created_by', number> = {
  operators: CHOICE_OPERATORS,
  validateData: (_settings, data) => {
    if (data === null || data === undefined) return ok(null);
    return isUserId(data) ? ok(data) : fail('INVALID_ID', { id: String(data) });
  },
  read: (data) => (isUserId(data) ? data : null),
  compare: (a, b, _settings, context) =>
    compareText(memberNameOf(a, context), memberNameOf(b, context), context),
  matches: (data, operator, operand, context) =>
    matchIds(data === null ? null : [data], operator, operand, context),
  isOperand: isUserOperand,
  toPlainText: (data, _settings, context) => memberNameOf(data, context),
};
