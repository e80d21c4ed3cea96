/**
 * Dates of values are ISO 8601 strings (public API): a calendar date `YYYY-MM-DD`, or an instant
 * with a time and an offset (`2026-03-08T23:30:05Z`, `…+01:00`). A calendar date has no zone; an
 * instant falls on a day that depends on the reader's time zone.
 */
export interface DateValue {
  /** For a calendar date: UTC midnight of that date. For an instant: the instant. */
  ms: number;
  allDay: boolean;
}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Date.UTC, for every year: Date.UTC reads the years 0-99 as 1900-1999, which turned a typed
 * 0050-01-01 into 1950.
 */
function utc(y: number, m0: number, d: number, h = 0, mi = 0, s = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m0, d);
  date.setUTCHours(h, mi, s, 0);
  return date.getTime();
}

/** The instants a date may take: the years 0001-9999, which PostgreSQL and ISO 8601's four digits both hold. */
const EARLIEST_MS = utc(1, 0, 1);
const LATEST_MS = utc(10_000, 0, 1) - 1;

function validCalendarDate(y: number, m: number, d: number): boolean {
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= new Date(utc(y, m, 0)).getUTCDate();
}

/** Reads an ISO value; null when it is not a real date (2026-02-30) or has no offset. */
export function parseIsoDate(text: string): DateValue | null {
  const date = DATE_ONLY.exec(text);
  if (date) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    return validCalendarDate(y, m, d) ? { ms: utc(y, m - 1, d), allDay: true } : null;
  }
  const full = DATE_TIME.exec(text);
  if (!full) return null;
  const [y, m, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(full[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!validCalendarDate(y, m, d) || h > 23 || mi > 59 || s > 59) return null;
  const fraction = full[7] ? Number(`0.${full[7]}`) * 1000 : 0;
  const zone = full[8]!.toUpperCase();
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const digits = zone.replace(':', '');
    const sign = digits[0] === '-' ? -1 : 1;
    const oh = Number(digits.slice(1, 3));
    const om = Number(digits.slice(3, 5));
    if (oh > 23 || om > 59) return null;
    offsetMinutes = sign * (oh * 60 + om);
  }
  const ms = utc(y, m - 1, d, h, mi, s) + Math.floor(fraction) - offsetMinutes * 60_000;
  // An offset can carry 0001-01-01 into year 0, or 9999-12-31 into 10000.
  return ms >= EARLIEST_MS && ms <= LATEST_MS ? { ms, allDay: false } : null;
}

/** The canonical form: calendar dates as they are, instants in UTC with milliseconds. */
export function formatIsoDate(value: DateValue): string {
  return value.allDay ? new Date(value.ms).toISOString().slice(0, 10) : new Date(value.ms).toISOString();
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// TODAY() and filters ask for the same instant once per item: remember the last answer.
let lastParts: { ms: number; timeZone: string; parts: ZonedParts } | null = null;

/** Calendar parts of an instant in a time zone (the formatter is built once per zone). */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  if (lastParts && lastParts.ms === ms && lastParts.timeZone === timeZone) return lastParts.parts;
  const parts = computeZonedParts(ms, timeZone);
  lastParts = { ms, timeZone, parts };
  return parts;
}

function computeZonedParts(ms: number, timeZone: string): ZonedParts {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(ms))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The instant at which a wall-clock time happens in a zone (the earlier one at a DST overlap). */
export function zonedTimeToUtc(
  y: number,
  m: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  timeZone: string,
): number {
  const wall = utc(y, m - 1, d, h, mi, s);
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const p = zonedParts(guess, timeZone);
    const seen = utc(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    if (seen === wall) return guess;
    guess += wall - seen;
  }
  return guess;
}

/** Days since 1970-01-01 of the day the value falls on, for the reader's zone. */
export function dayNumber(value: DateValue, timeZone: string): number {
  if (value.allDay) return Math.floor(value.ms / DAY_MS);
  const p = zonedParts(value.ms, timeZone);
  return Math.floor(utc(p.year, p.month - 1, p.day) / DAY_MS);
}

/** Today's day number in a zone. */
export function todayNumber(now: number, timeZone: string): number {
  return dayNumber({ ms: now, allDay: false }, timeZone);
}

export function dayNumberToIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Plain text of the spec's formats: YYYY-MM-DD, or YYYY-MM-DD HH:mm:ss in the reader's zone. */
export function formatDateText(value: DateValue, timeZone: string, includeTime = true): string {
  if (value.allDay) return formatIsoDate(value);
  const p = zonedParts(value.ms, timeZone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  return includeTime ? `${date} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` : date;
}

/** Reads typed or imported text: ISO forms, or `YYYY-MM-DD HH:mm[:ss]` as wall-clock time in the zone. */
export function parseDateText(text: string, timeZone: string): DateValue | null {
  const trimmed = text.trim();
  const iso = parseIsoDate(trimmed);
  if (iso) return iso;
  const local = LOCAL_DATE_TIME.exec(trimmed);
  if (!local) return null;
  const [y, m, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(local[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!validCalendarDate(y, m, d) || h > 23 || mi > 59 || s > 59) return null;
  const ms = zonedTimeToUtc(y, m, d, h, mi, s, timeZone);
  return ms >= EARLIEST_MS && ms <= LATEST_MS ? { ms, allDay: false } : null;
}

/** Start and end flag (spec section 5): the end is on an earlier day, or earlier in time, than the start. */
export function isEndBeforeStart(start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end) return false;
  const a = parseIsoDate(start);
  const b = parseIsoDate(end);
  if (!a || !b) return false;
  if (a.allDay || b.allDay) return dayNumber(b, 'UTC') < dayNumber(a, 'UTC');
  return b.ms < a.ms;
}
