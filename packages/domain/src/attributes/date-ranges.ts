import { firstDayOfWeek } from '../locale';
import { parseIsoDate, todayNumber } from './date-values';
import { contextLocale, contextTimeZone, type ValueContext } from './value-context';

/** A day relative to today, usable wherever a filter takes a date. */
export const RELATIVE_DAYS = ['today', 'yesterday', 'tomorrow'] as const;
export type RelativeDay = (typeof RELATIVE_DAYS)[number];

export const RELATIVE_RANGES = [
  'today',
  'yesterday',
  'tomorrow',
  'this_week',
  'last_week',
  'next_week',
  'this_month',
  'last_month',
  'next_month',
  'this_year',
  'last_year',
  'next_year',
] as const;

/** The operand of the `within` date filter. */
export type RelativeRange =
  | { range: (typeof RELATIVE_RANGES)[number] }
  | { range: 'past_days' | 'next_days'; days: number };

/** An inclusive span of day numbers (days since 1970-01-01). */
export interface DaySpan {
  from: number;
  to: number;
}

function monthSpan(year: number, month: number): DaySpan {
  const from = Date.UTC(year, month, 1) / 86_400_000;
  const to = Date.UTC(year, month + 1, 1) / 86_400_000 - 1;
  return { from, to };
}

/**
 * The days a relative range covers, in the reader's zone, with weeks starting on the profile's
 * or the locale's first day. `past_days: N` is the N days before today and today; `next_days: N`
 * is today and the N days after.
 */
export function resolveRelativeRange(range: RelativeRange, context: ValueContext): DaySpan {
  const today = todayNumber(context.now ?? Date.now(), contextTimeZone(context));
  const date = new Date(today * 86_400_000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const weekStart = firstDayOfWeek(contextLocale(context), context.weekStartsOn);
  const startOfWeek = today - ((date.getUTCDay() - weekStart + 7) % 7);
  switch (range.range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: today - 1, to: today - 1 };
    case 'tomorrow':
      return { from: today + 1, to: today + 1 };
    case 'this_week':
      return { from: startOfWeek, to: startOfWeek + 6 };
    case 'last_week':
      return { from: startOfWeek - 7, to: startOfWeek - 1 };
    case 'next_week':
      return { from: startOfWeek + 7, to: startOfWeek + 13 };
    case 'this_month':
      return monthSpan(year, month);
    case 'last_month':
      return monthSpan(year, month - 1);
    case 'next_month':
      return monthSpan(year, month + 1);
    case 'this_year':
      return { from: monthSpan(year, 0).from, to: monthSpan(year, 11).to };
    case 'last_year':
      return { from: monthSpan(year - 1, 0).from, to: monthSpan(year - 1, 11).to };
    case 'next_year':
      return { from: monthSpan(year + 1, 0).from, to: monthSpan(year + 1, 11).to };
    case 'past_days':
      return { from: today - Math.max(0, Math.floor(range.days)), to: today };
    case 'next_days':
      return { from: today, to: today + Math.max(0, Math.floor(range.days)) };
  }
}

export function isRelativeRange(value: unknown): value is RelativeRange {
  if (!value || typeof value !== 'object') return false;
  const { range, days } = value as { range?: unknown; days?: unknown };
  if (range === 'past_days' || range === 'next_days')
    return typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= 36_600;
  return (RELATIVE_RANGES as readonly unknown[]).includes(range);
}

/** The day of a filter's date operand: an ISO date (or instant, taken on its day) or today/yesterday/tomorrow. */
export function resolveDayOperand(operand: unknown, context: ValueContext): number | null {
  if ((RELATIVE_DAYS as readonly unknown[]).includes(operand))
    return resolveRelativeRange({ range: operand as RelativeDay }, context).from;
  if (typeof operand !== 'string') return null;
  const parsed = parseIsoDate(operand);
  if (!parsed) return null;
  if (parsed.allDay) return Math.floor(parsed.ms / 86_400_000);
  return todayNumber(parsed.ms, contextTimeZone(context));
}
