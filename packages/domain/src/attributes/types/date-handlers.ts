import { formatDateDisplay } from '../date-locale';
import {
  type DateValue,
  dayNumber,
  formatDateText,
  formatIsoDate,
  isEndBeforeStart,
  parseDateText,
  parseIsoDate,
} from '../date-values';
import { isDateOperand, matchDay, matchDaySpan } from '../filter-matchers';
import { DATE_OPERATORS } from '../filter-operators';
import { contextLocale, contextTimeZone, type ValueContext } from '../value-context';
import { fail, failWith, ok, type ValueError, type ValueResult, valueError } from '../value-errors';
import type { TypeHandler } from './type-handler';

function validateIso(data: unknown, path?: string): ValueResult<string | null> {
  if (data === null || data === undefined || data === '') return ok(null);
  if (typeof data !== 'string') return fail('INVALID_DATE', {}, path);
  const parsed = parseIsoDate(data.trim());
  return parsed ? ok(formatIsoDate(parsed)) : fail('INVALID_DATE', {}, path);
}

function readIso(data: unknown): DateValue | null {
  return typeof data === 'string' ? parseIsoDate(data) : null;
}

function fromText(text: string, timeZone: string): ValueResult<string | null> {
  if (text.trim() === '') return ok(null);
  const parsed = parseDateText(text, timeZone);
  return parsed ? ok(formatIsoDate(parsed)) : fail('UNRECOGNISED_TEXT', { text });
}

function displayText(value: DateValue, includeTime: boolean, context: ValueContext | undefined): string {
  return formatDateDisplay(value, contextLocale(context), contextTimeZone(context), includeTime);
}

const dateLike = {
  operators: DATE_OPERATORS,
  read: readIso,
  compare: (a: DateValue, b: DateValue) => a.ms - b.ms,
  matches: (
    data: DateValue | null,
    operator: (typeof DATE_OPERATORS)[number],
    operand: unknown,
    context: Parameters<typeof matchDay>[3],
  ) => matchDay(data, operator, operand, context),
  isOperand: isDateOperand,
};

/** Date: an ISO 8601 calendar date or instant; filters compare by day in the reader's zone. */
export const dateHandler: TypeHandler<'date', string, DateValue> = {
  ...dateLike,
  validateData: (_settings, data) => validateIso(data),
  toPlainText: (data, settings, context) =>
    formatDateText(data, contextTimeZone(context), settings.includeTime),
  toDisplayText: (data, settings, context) => displayText(data, settings.includeTime, context),
  fromPlainText: (text, _settings, context) => fromText(text, contextTimeZone(context)),
};

/** Created at / updated at: the item's own timestamps (ISO instants). */
export const createdAtHandler: TypeHandler<'created_at', string, DateValue> = {
  ...dateLike,
  validateData: (_settings, data) => validateIso(data),
  toPlainText: (data, settings, context) =>
    formatDateText(data, contextTimeZone(context), settings.includeTime),
  toDisplayText: (data, settings, context) => displayText(data, settings.includeTime, context),
};

export const updatedAtHandler: TypeHandler<'updated_at', string, DateValue> = {
  ...dateLike,
  validateData: (_settings, data) => validateIso(data),
  toPlainText: (data, settings, context) =>
    formatDateText(data, contextTimeZone(context), settings.includeTime),
  toDisplayText: (data, settings, context) => displayText(data, settings.includeTime, context),
};

export interface DateRangeData {
  start: string | null;
  end: string | null;
}

export interface DateRangeRead {
  start: DateValue | null;
  end: DateValue | null;
}

function validateRange(data: unknown): ValueResult<DateRangeData | null> {
  if (data === null || data === undefined) return ok(null);
  if (typeof data !== 'object' || Array.isArray(data))
    return fail('INVALID_TYPE', { expected: 'an object with start and end' });
  const { start, end } = data as { start?: unknown; end?: unknown };
  const s = validateIso(start, 'start');
  const e = validateIso(end, 'end');
  const errors: ValueError[] = [...(s.ok ? [] : s.errors), ...(e.ok ? [] : e.errors)];
  if (!s.ok || !e.ok) return failWith(errors);
  if (s.data === null && e.data === null) return ok(null);
  // The spec flags an end before the start; it does not refuse it (the UI shows the flag).
  const warnings = isEndBeforeStart(s.data, e.data) ? [valueError('END_BEFORE_START', {}, 'end')] : [];
  return ok({ start: s.data, end: e.data }, warnings);
}

function span(data: DateRangeRead, timeZone: string): { from: number; to: number } {
  const first = data.start ?? data.end!;
  const last = data.end ?? data.start!;
  const a = dayNumber(first, timeZone);
  const b = dayNumber(last, timeZone);
  return { from: Math.min(a, b), to: Math.max(a, b) };
}

/**
 * Start and end date: `{ start, end }`, each an ISO date or null. An end before the start is a
 * warning (`END_BEFORE_START`), not an error. Plain text is the ISO interval form `start/end`.
 */
export const dateRangeHandler: TypeHandler<'date_range', DateRangeData, DateRangeRead> = {
  operators: DATE_OPERATORS,
  validateData: (_settings, data) => validateRange(data),
  read: (data) => {
    if (!data || typeof data !== 'object') return null;
    const { start, end } = data as { start?: unknown; end?: unknown };
    const read = { start: readIso(start), end: readIso(end) };
    return read.start || read.end ? read : null;
  },
  compare: (a, b) => {
    const byStart = (a.start ?? a.end)!.ms - (b.start ?? b.end)!.ms;
    return byStart !== 0 ? byStart : (a.end ?? a.start)!.ms - (b.end ?? b.start)!.ms;
  },
  matches: (data, operator, operand, context) =>
    matchDaySpan(data === null ? null : span(data, contextTimeZone(context)), operator, operand, context),
  isOperand: isDateOperand,
  toPlainText: (data, settings, context) => {
    const zone = contextTimeZone(context);
    const text = (value: DateValue | null) =>
      value ? formatDateText(value, zone, settings.includeTime) : '';
    return `${text(data.start)}/${text(data.end)}`;
  },
  toDisplayText: (data, settings, context) => {
    const text = (value: DateValue | null) =>
      value ? displayText(value, settings.includeTime, context) : '';
    return `${text(data.start)} – ${text(data.end)}`;
  },
  fromPlainText: (text, _settings, context) => {
    if (text.trim() === '') return ok(null);
    const parts = text.split('/');
    if (parts.length !== 2) return fail('UNRECOGNISED_TEXT', { text });
    const zone = contextTimeZone(context);
    const start = fromText(parts[0]!, zone);
    const end = fromText(parts[1]!, zone);
    if (!start.ok || !end.ok) return fail('UNRECOGNISED_TEXT', { text });
    return validateRange({ start: start.data, end: end.data });
  },
};
