import { parseDateText, todayNumber, zonedTimeToUtc } from '../date-values';
import { dateParts, formatDatePattern } from './formula-format';
import type { EvalState, FunctionDef } from './formula-runtime';
import { DAY_MS, FDate, FErr, type FValue, toDate, toNumber, toText } from './formula-values';

/** Day number (days since 1970-01-01) of the day a date falls on in the reader's zone. */
function dayOf(date: FDate, state: EvalState): number {
  if (date.allDay) return Math.floor(date.ms / DAY_MS);
  return todayNumber(date.ms, state.env.context.timeZone);
}

/** A function of dates: an empty date argument gives an empty result. */
function ofDates(
  min: number,
  max: number,
  dates: number,
  fn: (values: FDate[], rest: FValue[], state: EvalState) => FValue,
): FunctionDef {
  return {
    min,
    max,
    call: (args, state) => {
      const values: FDate[] = [];
      for (const arg of args.slice(0, dates)) {
        const date = toDate(arg);
        if (date === null) return null;
        if (date instanceof FErr) return date;
        values.push(date);
      }
      return fn(values, args.slice(dates), state);
    },
  };
}

function part(pick: (p: ReturnType<typeof dateParts>) => number): FunctionDef {
  return ofDates(1, 1, 1, ([date], _rest, state) => pick(dateParts(date!, state.env.context.timeZone)));
}

function addMonths(date: FDate, months: number, state: EvalState): FDate {
  const p = dateParts(date, state.env.context.timeZone);
  const target = new Date(Date.UTC(p.year, p.month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(p.day, lastDay);
  if (date.allDay) return new FDate(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), day), true);
  const ms = zonedTimeToUtc(
    target.getUTCFullYear(),
    target.getUTCMonth() + 1,
    day,
    p.hour,
    p.minute,
    p.second,
    state.env.context.timeZone,
  );
  return new FDate(ms, false);
}

/** Monday-to-Friday days from one day to another, both counted; negative when the end comes first. */
export function workdaysBetween(from: number, to: number): number {
  if (to < from) return -workdaysBetween(to, from);
  // Day 0 (1970-01-01) was a Thursday: weekday index with Monday = 0.
  const weekday = (day: number) => (((day + 3) % 7) + 7) % 7;
  const days = to - from + 1;
  const weeks = Math.floor(days / 7);
  let count = weeks * 5;
  for (let day = from + weeks * 7; day <= to; day++) if (weekday(day) < 5) count++;
  return count;
}

function monthsBetween(a: ReturnType<typeof dateParts>, b: ReturnType<typeof dateParts>): number {
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (b.day < a.day) months--;
  return months;
}

const number = (value: FValue | undefined, fallback: number): number | FErr =>
  value === undefined ? fallback : toNumber(value);

export const DATE_FUNCTIONS: Record<string, FunctionDef> = {
  TODAY: {
    min: 0,
    max: 0,
    call: (_args, state) =>
      new FDate(todayNumber(state.env.context.now, state.env.context.timeZone) * DAY_MS, true),
  },
  NOW: { min: 0, max: 0, call: (_args, state) => new FDate(state.env.context.now, false) },
  /** DATE(year, month, day); months and days beyond their range roll over, as in a spreadsheet. */
  DATE: {
    min: 3,
    max: 3,
    call: (args) => {
      const [y, m, d] = args.map((arg) => toNumber(arg));
      for (const n of [y, m, d]) if (n instanceof FErr) return n;
      const ms = Date.UTC(Math.trunc(y as number), Math.trunc(m as number) - 1, Math.trunc(d as number));
      const year = new Date(ms).getUTCFullYear();
      return Number.isFinite(ms) && year >= 0 && year <= 9999
        ? new FDate(ms, true)
        : new FErr('#NUM!', 'Not a date.');
    },
  },
  DATEVALUE: {
    min: 1,
    max: 1,
    call: ([value], state) => {
      const text = toText(value!);
      if (text instanceof FErr) return text;
      if (text.trim() === '') return null;
      const parsed = parseDateText(text, state.env.context.timeZone);
      return parsed ? new FDate(parsed.ms, parsed.allDay) : new FErr('#VALUE!', `"${text}" is not a date.`);
    },
  },
  YEAR: part((p) => p.year),
  MONTH: part((p) => p.month),
  DAY: part((p) => p.day),
  HOUR: part((p) => p.hour),
  MINUTE: part((p) => p.minute),
  SECOND: part((p) => p.second),
  /** WEEKDAY(date, [type]): type 1 Sunday = 1 … Saturday = 7; 2 Monday = 1 … Sunday = 7; 3 Monday = 0 … Sunday = 6. */
  WEEKDAY: ofDates(1, 2, 1, ([date], [type], state) => {
    const kind = number(type, 1);
    if (kind instanceof FErr) return kind;
    const sunday0 = (((dayOf(date!, state) + 4) % 7) + 7) % 7;
    if (kind === 1) return sunday0 + 1;
    if (kind === 2) return ((sunday0 + 6) % 7) + 1;
    if (kind === 3) return (sunday0 + 6) % 7;
    return new FErr('#NUM!', 'WEEKDAY type is 1, 2 or 3.');
  }),
  /** TIMEVALUE("18:30"): a time of day as a fraction of a day ("6:30 PM" and seconds too). */
  TIMEVALUE: {
    min: 1,
    max: 1,
    call: ([value]) => {
      const text = toText(value!);
      if (text instanceof FErr) return text;
      const match = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?\s*$/.exec(text);
      if (!match) return new FErr('#VALUE!', `"${text}" is not a time.`);
      const [hours, minutes, seconds] = [match[1], match[2], match[3] ?? '0'].map(Number) as [
        number,
        number,
        number,
      ];
      const half = match[4]?.toUpperCase();
      if (minutes > 59 || seconds > 59 || (half ? hours < 1 || hours > 12 : hours > 23))
        return new FErr('#VALUE!', `"${text}" is not a time.`);
      const hour = half ? (hours % 12) + (half === 'PM' ? 12 : 0) : hours;
      return (hour * 3600 + minutes * 60 + seconds) / 86_400;
    },
  },
  /** DAYS(end, start): whole days from start to end. */
  DAYS: ofDates(2, 2, 2, ([end, start], _rest, state) => dayOf(end!, state) - dayOf(start!, state)),
  /** DATEDIF(start, end, unit): unit "D" days, "M" whole months, "Y" whole years, "YM" months beyond whole years. */
  DATEDIF: ofDates(3, 3, 2, ([start, end], [unit], state) => {
    const u = toText(unit!);
    if (u instanceof FErr) return u;
    if (dayOf(start!, state) > dayOf(end!, state))
      return new FErr('#NUM!', 'DATEDIF needs the start before the end.');
    const zone = state.env.context.timeZone;
    const months = monthsBetween(dateParts(start!, zone), dateParts(end!, zone));
    switch (u.toUpperCase()) {
      case 'D':
        return dayOf(end!, state) - dayOf(start!, state);
      case 'M':
        return months;
      case 'Y':
        return Math.floor(months / 12);
      case 'YM':
        return months % 12;
      default:
        return new FErr('#NUM!', `DATEDIF unit "${u}" is not D, M, Y or YM.`);
    }
  }),
  ADD_DAYS: ofDates(2, 2, 1, ([date], [days]) => {
    const n = toNumber(days!);
    if (n instanceof FErr) return n;
    return new FDate(date!.ms + n * DAY_MS, date!.allDay && Number.isInteger(n));
  }),
  ADD_MONTHS: ofDates(2, 2, 1, ([date], [months], state) => {
    const n = toNumber(months!);
    return n instanceof FErr ? n : addMonths(date!, Math.trunc(n), state);
  }),
  /** WORKDAYS(start, end): Monday-to-Friday days between, both counted. */
  WORKDAYS: ofDates(2, 2, 2, ([start, end], _rest, state) =>
    workdaysBetween(dayOf(start!, state), dayOf(end!, state)),
  ),
  FORMAT_DATE: ofDates(1, 2, 1, ([date], [format], state) => {
    const pattern = format === undefined ? 'YYYY-MM-DD' : toText(format);
    if (pattern instanceof FErr) return pattern;
    return formatDatePattern(date!, pattern, state.env.context.timeZone, state.env.context.locale);
  }),
  /** START and END of a start-and-end-date value (a single date is its own start and end). */
  START: {
    min: 1,
    max: 1,
    call: ([value]) => (Array.isArray(value) ? ((value as FValue[])[0] ?? null) : value!),
  },
  END: {
    min: 1,
    max: 1,
    call: ([value]) => (Array.isArray(value) ? ((value as FValue[])[value.length - 1] ?? null) : value!),
  },
};

DATE_FUNCTIONS.EDATE = DATE_FUNCTIONS.ADD_MONTHS!;
DATE_FUNCTIONS.NETWORKDAYS = DATE_FUNCTIONS.WORKDAYS!;
