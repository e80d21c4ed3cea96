import { type DateValue, parseDateText, zonedParts, zonedTimeToUtc } from './date-values';

/**
 * Dates in the reader's language: how the web app shows them (Intl.DateTimeFormat, "26 nov. 2026")
 * and reads what a person types ("26/11/2026" in French, "11/26/2026" in English, ISO in any
 * language). Stored data and the plain text of CSV stay ISO (date-values.ts); these forms are
 * for people only.
 */

/**
 * Digits dates are written with where the locale's default is not what its readers expect:
 * Arabic dates are written with Arabic-Indic digits ("٢٦ نوفمبر ٢٠٢٦"), although ICU now
 * defaults `ar` to Latin digits.
 */
const DATE_NUMBERING: Record<string, string> = { ar: 'arab' };

function baseLanguage(locale: string): string {
  return locale.split(/[-_]/)[0]!.toLowerCase();
}

/** Formatters by their options (constant objects) and then locale and zone: made once each. */
const formatters = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

function formatterOf(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let byPlace = formatters.get(options);
  if (!byPlace) {
    byPlace = new Map();
    formatters.set(options, byPlace);
  }
  const key = `${locale}|${timeZone}`;
  let formatter = byPlace.get(key);
  if (!formatter) {
    const numberingSystem = DATE_NUMBERING[baseLanguage(locale)];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone, numberingSystem });
    byPlace.set(key, formatter);
  }
  return formatter;
}

const SHOWN_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const INPUT_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** The time options of each locale, alone and with the shown date (the same objects each time). */
const timeOptions = new Map<
  string,
  { time: Intl.DateTimeFormatOptions; dateTime: Intl.DateTimeFormatOptions }
>();

/** Hour and minute: "2:30 PM" on a 12-hour clock, but "00:30" (not "0:30") on a 24-hour one. */
function shownTime(locale: string): {
  time: Intl.DateTimeFormatOptions;
  dateTime: Intl.DateTimeFormatOptions;
} {
  let options = timeOptions.get(locale);
  if (!options) {
    const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    const time: Intl.DateTimeFormatOptions = {
      hour: cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric',
      minute: '2-digit',
    };
    options = { time, dateTime: { ...SHOWN_DATE, ...time } };
    timeOptions.set(locale, options);
  }
  return options;
}

/**
 * A date as the reader's language writes it: the day, the month's short name and the year
 * ("Nov 26, 2026", "26 nov. 2026", "٢٦ نوفمبر ٢٠٢٦"); with `includeTime`, an instant also
 * gets its hour and minute in `timeZone`. A calendar date has no zone and is shown as it is.
 */
export function formatDateDisplay(
  value: DateValue,
  locale: string,
  timeZone: string,
  includeTime: boolean,
): string {
  if (value.allDay) return formatterOf(locale, 'UTC', SHOWN_DATE).format(value.ms);
  const options = includeTime ? shownTime(locale).dateTime : SHOWN_DATE;
  return formatterOf(locale, timeZone, options).format(value.ms);
}

/** Marks Intl puts around Arabic date parts, and the narrow spaces before a day period. */
const INVISIBLE = /[\u200e\u200f\u061c]/g;
const WIDE_SPACES = /[\u00a0\u202f]/g;

function cleanText(text: string): string {
  return text.replace(INVISIBLE, '').replace(WIDE_SPACES, ' ');
}

/**
 * A date in the numeric form of the reader's language, the form `parseLocaleDateText` reads
 * back: `date` is "26/11/2026", "11/26/2026", "26.11.2026", "2026/11/26"; `time` (empty for a
 * calendar date) is the hour and minute in `timeZone` with the locale's clock ("2:30 PM", "14:30").
 */
export function formatDateInput(
  value: DateValue,
  locale: string,
  timeZone: string,
): { date: string; time: string } {
  const zone = value.allDay ? 'UTC' : timeZone;
  const date = formatterOf(locale, zone, INPUT_DATE);
  const time = formatterOf(locale, zone, shownTime(locale).time);
  return {
    date: cleanText(date.format(value.ms)),
    time: value.allDay ? '' : cleanText(time.format(value.ms)),
  };
}

/** Arabic-Indic (٠-٩) and extended Arabic-Indic (۰-۹) digits as ASCII digits. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) =>
    String((digit.codePointAt(0)! - 0x0660) % 0x90),
  );
}

interface LocaleWords {
  /** 'day' and 'month' in the order the locale writes them, with 'year' where it goes. */
  order: ('day' | 'month' | 'year')[];
  /** Lowercased month names without dots (long and short, the locale's and English), to month 1-12. */
  months: Map<string, number>;
  am: string[];
  pm: string[];
}

const localeWords = new Map<string, LocaleWords>();

function normaliseWord(word: string): string {
  return word.toLowerCase().replace(/\./g, '').trim();
}

function wordsOf(locale: string): LocaleWords {
  let words = localeWords.get(locale);
  if (words) return words;
  const numeric = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const order = numeric
    .formatToParts(Date.UTC(2026, 10, 26))
    .map((part) => part.type)
    .filter(
      (type): type is 'day' | 'month' | 'year' => type === 'day' || type === 'month' || type === 'year',
    );
  const months = new Map<string, number>();
  for (const tag of ['en-US', locale]) {
    for (const style of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(tag, { timeZone: 'UTC', month: style });
      for (let month = 1; month <= 12; month++)
        months.set(normaliseWord(format.format(Date.UTC(2026, month - 1, 15))), month);
    }
  }
  const period = (hour: number) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', hourCycle: 'h12' })
      .formatToParts(Date.UTC(2026, 0, 1, hour))
      .find((part) => part.type === 'dayPeriod')?.value;
  const extra = EXTRA_PERIODS[baseLanguage(locale)];
  const am = ['am', period(1), ...(extra?.am ?? [])]
    .filter((word): word is string => !!word)
    .map(normaliseWord);
  const pm = ['pm', period(13), ...(extra?.pm ?? [])]
    .filter((word): word is string => !!word)
    .map(normaliseWord);
  words = { order, months, am, pm };
  localeWords.set(locale, words);
  return words;
}

function validDate(y: number, m: number, d: number): boolean {
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const TIME = /(\d{1,2}):(\d{2})(?::(\d{2}))?/;

/**
 * The time part of typed text ("14:30", "2:30 pm", "PM 2:30", "٢:٣٠ م"), and the text left
 * around it. A 12-hour time needs the locale's or the English day period; without one the
 * hour is read on a 24-hour clock.
 */
function splitTime(
  text: string,
  words: LocaleWords,
): { rest: string; time: { h: number; mi: number; s: number } | null } | null {
  const match = TIME.exec(text);
  if (!match) return { rest: text, time: null };
  let rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`;
  let h = Number(match[1]);
  const mi = Number(match[2]);
  const s = Number(match[3] ?? 0);
  const tokens = rest.split(/\s+/).map(normaliseWord);
  const isPm = tokens.some((token) => words.pm.includes(token));
  const isAm = tokens.some((token) => words.am.includes(token));
  if (isPm || isAm) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (isPm ? 12 : 0);
    rest = rest
      .split(/\s+/)
      .filter((token) => !words.am.includes(normaliseWord(token)) && !words.pm.includes(normaliseWord(token)))
      .join(' ');
  }
  if (h > 23 || mi > 59 || s > 59) return null;
  return { rest, time: { h, mi, s } };
}

/** Year, month and day from typed digits and at most one month name, in the locale's order. */
/** Day periods people type that ICU versions do not all give (some write "PM" for Korean). */
const EXTRA_PERIODS: Record<string, { am: string[]; pm: string[] }> = {
  ko: { am: ['오전'], pm: ['오후'] },
  zh: { am: ['上午'], pm: ['下午'] },
  ar: { am: ['ص'], pm: ['م'] },
};

function readDay(text: string, words: LocaleWords): { y: number; m: number; d: number } | null {
  const tokens = text.match(/\d+|[^\d\s.,،/\-年月日년월일]+/gu) ?? [];
  const numbers = tokens.filter((token) => /^\d+$/.test(token));
  const names = tokens.filter((token) => !/^\d+$/.test(token));
  if (names.length > 1) return null;
  const named = names.length === 1 ? words.months.get(normaliseWord(names[0]!)) : undefined;
  if (names.length === 1 && named === undefined) return null;
  if (numbers.length !== (named ? 2 : 3)) return null;
  if (numbers.some((digits) => digits.length > 4)) return null;
  const yearAt = numbers.findIndex((digits) => digits.length > 2);
  const order = words.order.filter((part) => !(named && part === 'month'));
  let fields: Record<string, string | undefined>;
  if (yearAt >= 0) {
    const others = numbers.filter((_, i) => i !== yearAt);
    // A year written first is followed by month and day (ISO's order) in every language.
    const dayFirst = yearAt > 0 && order.indexOf('day') < order.indexOf('month');
    fields = named
      ? { year: numbers[yearAt], day: others[0] }
      : { year: numbers[yearAt], day: others[dayFirst ? 0 : 1], month: others[dayFirst ? 1 : 0] };
  } else {
    fields = Object.fromEntries(order.map((part, i) => [part, numbers[i]]));
  }
  const rawYear = fields.year ?? '';
  const y = rawYear.length <= 2 ? 2000 + Number(rawYear) : Number(rawYear);
  const m = named ?? Number(fields.month);
  const d = Number(fields.day);
  return rawYear !== '' && validDate(y, m, d) ? { y, m, d } : null;
}

/**
 * Reads a date a person typed: ISO (`2026-11-26`, `2026-11-26 14:30`, with an offset) in any
 * language, or the locale's own order with any of `/ . - ,` or spaces between the parts
 * ("26/11/2026" in French, "11/26/2026" in English, "26.11.2026." in Serbian, "2026/11/26" in
 * Chinese), Arabic-Indic digits included. A four-digit year may stand first or last whatever
 * the locale; a two-digit year is 20yy. The month may be written as a name ("26 nov. 2026").
 * A time after the date ("14:30", "2:30 PM") makes it an instant, read as wall-clock time in
 * `timeZone`. Null when it is no real date (31/02/2026), has no year, or has words that are
 * no month or day period.
 */
export function parseLocaleDateText(text: string, locale: string, timeZone: string): DateValue | null {
  const clean = toAsciiDigits(cleanText(text)).trim();
  if (clean === '') return null;
  const iso = parseDateText(clean, timeZone);
  if (iso) return iso;
  const words = wordsOf(locale);
  const split = splitTime(clean, words);
  if (!split) return null;
  const day = readDay(split.rest, words);
  if (!day) return null;
  if (!split.time) return { ms: Date.UTC(day.y, day.m - 1, day.d), allDay: true };
  const { h, mi, s } = split.time;
  return { ms: zonedTimeToUtc(day.y, day.m, day.d, h, mi, s, timeZone), allDay: false };
}

/** The calendar day a value falls on in the zone, as UTC midnight (calendar widgets count in days). */
export function calendarDayOf(value: DateValue, timeZone: string): { y: number; m: number; d: number } {
  if (value.allDay) {
    const date = new Date(value.ms);
    return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
  }
  const parts = zonedParts(value.ms, timeZone);
  return { y: parts.year, m: parts.month, d: parts.day };
}
