import { zonedParts } from '../date-values';
import type { FDate } from './formula-values';

/** Calendar and clock parts of a formula date: a calendar date as it is, an instant in the zone. */
export function dateParts(date: FDate, timeZone: string) {
  if (!date.allDay) return zonedParts(date.ms, timeZone);
  const d = new Date(date.ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: 0,
    minute: 0,
    second: 0,
  };
}

const nameFormatters = new Map<string, Intl.DateTimeFormat>();
function nameOf(locale: string, kind: 'month' | 'weekday', width: 'long' | 'short', ms: number): string {
  const key = `${locale}|${kind}|${width}`;
  let formatter = nameFormatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(locale, { [kind]: width, timeZone: 'UTC' });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { [kind]: width, timeZone: 'UTC' });
    }
    nameFormatters.set(key, formatter);
  }
  return formatter.format(ms);
}

const DATE_TOKENS = /\[([^\]]*)\]|YYYY|yyyy|YY|yy|MMMM|MMM|MM|M|dddd|ddd|DD|dd|D|d|HH|H|hh|h|mm|m|ss|s|A|a/g;

/**
 * Formats a date with tokens: YYYY YY (year), MMMM MMM MM M (month), DD D or dd d (day),
 * dddd ddd (weekday), HH H (24-hour), hh h (12-hour), mm m (minutes), ss s, A (AM/PM).
 * Text in [brackets] is kept as it is. Month and weekday names are in the locale's language.
 */
export function formatDatePattern(date: FDate, pattern: string, timeZone: string, locale: string): string {
  const p = dateParts(date, timeZone);
  const calendarMs = Date.UTC(p.year, p.month - 1, p.day);
  const two = (n: number) => String(n).padStart(2, '0');
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return pattern.replace(DATE_TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
      case 'yyyy':
        return String(p.year).padStart(4, '0');
      case 'YY':
      case 'yy':
        return two(p.year % 100);
      case 'MMMM':
        return nameOf(locale, 'month', 'long', calendarMs);
      case 'MMM':
        return nameOf(locale, 'month', 'short', calendarMs);
      case 'MM':
        return two(p.month);
      case 'M':
        return String(p.month);
      case 'dddd':
        return nameOf(locale, 'weekday', 'long', calendarMs);
      case 'ddd':
        return nameOf(locale, 'weekday', 'short', calendarMs);
      case 'DD':
      case 'dd':
        return two(p.day);
      case 'D':
      case 'd':
        return String(p.day);
      case 'HH':
        return two(p.hour);
      case 'H':
        return String(p.hour);
      case 'hh':
        return two(hour12);
      case 'h':
        return String(hour12);
      case 'mm':
        return two(p.minute);
      case 'm':
        return String(p.minute);
      case 'ss':
        return two(p.second);
      case 's':
        return String(p.second);
      default:
        return p.hour < 12 ? 'AM' : 'PM';
    }
  });
}

const NUMBER_CORE = /[#0][#0,]*(\.[#0]+)?|\.[#0]+/;
const numberFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a number with a spreadsheet pattern: 0 (a digit always shown), # (a digit if any),
 * `,` in the whole part (thousands separators), `.` (decimals), `%` (times 100). Text around the
 * digits is kept: "$#,##0.00", "0.0 kg", "0%". Separators are written the en-US way.
 */
export function formatNumberPattern(value: number, pattern: string): string {
  const match = NUMBER_CORE.exec(pattern);
  if (!match) return pattern;
  const core = match[0];
  const [whole = '', fraction = ''] = core.split('.');
  const percent = pattern.includes('%');
  const minFraction = (fraction.match(/0/g) ?? []).length;
  const maxFraction = fraction.length;
  const minInteger = Math.max(1, (whole.match(/0/g) ?? []).length);
  const key = `${minFraction}|${maxFraction}|${minInteger}|${whole.includes(',')}`;
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      minimumIntegerDigits: Math.min(21, minInteger),
      useGrouping: whole.includes(','),
    });
    numberFormatters.set(key, formatter);
  }
  const shown = formatter.format(percent ? value * 100 : value);
  const unquote = (text: string) => text.replace(/"([^"]*)"/g, '$1');
  return `${unquote(pattern.slice(0, match.index))}${shown}${unquote(pattern.slice(match.index + core.length))}`;
}
