import { isRtl } from '@strata/domain/locale';
import { use, useMemo } from 'react';
import {
  type DateLib,
  type DateLibOptions,
  type DateRange,
  DayPicker,
  type DayPickerLocale,
  type Modifiers,
} from 'react-day-picker';
import styles from './calendar.module.css';

type Loader = () => Promise<DayPickerLocale>;

/** DayPicker's locale (month names, its own aria labels) for each of our languages, each a small chunk. */
const LOCALES: Record<string, Loader> = {
  ar: () => import('react-day-picker/locale/ar').then((module) => module.ar),
  de: () => import('react-day-picker/locale/de').then((module) => module.de),
  'en-US': () => import('react-day-picker/locale/en-US').then((module) => module.enUS),
  es: () => import('react-day-picker/locale/es').then((module) => module.es),
  fr: () => import('react-day-picker/locale/fr').then((module) => module.fr),
  it: () => import('react-day-picker/locale/it').then((module) => module.it),
  ko: () => import('react-day-picker/locale/ko').then((module) => module.ko),
  pl: () => import('react-day-picker/locale/pl').then((module) => module.pl),
  // date-fns' sr is Cyrillic, like our Serbian catalogue.
  sr: () => import('react-day-picker/locale/sr').then((module) => module.sr),
  tr: () => import('react-day-picker/locale/tr').then((module) => module.tr),
  zh: () => import('react-day-picker/locale/zh-CN').then((module) => module.zhCN),
};

const loading = new Map<string, Promise<DayPickerLocale>>();

function localeOf(locale: string): Promise<DayPickerLocale> {
  const key = locale in LOCALES ? locale : (locale.split('-')[0] ?? 'en-US');
  const loader = LOCALES[key] ?? LOCALES['en-US']!;
  let promise = loading.get(key);
  if (!promise) {
    promise = loader();
    loading.set(key, promise);
  }
  return promise;
}

/** Arabic days are numbered in Arabic-Indic digits, as dates are shown (domain date-locale.ts). */
function numeralsOf(locale: string): 'arab' | 'latn' {
  return locale.split('-')[0] === 'ar' ? 'arab' : 'latn';
}

/**
 * A day button's name with the date as Intl writes it in full ("Sunday, March 1, 2026"), keeping
 * the locale's words around it ("Today, …, selected"). date-fns writes "March 1st", which does not
 * contain the visible "1" as a word: screen-reader users who see the grid would hear another name
 * (axe: label-content-name-mismatch).
 */
function dayButtonLabel(locale: string, dayPickerLocale: DayPickerLocale) {
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', numberingSystem: numeralsOf(locale) });
  const theirs = dayPickerLocale.labels?.labelDayButton;
  return (date: Date, modifiers: Modifiers, options?: DateLibOptions, dateLib?: DateLib): string => {
    const text = full.format(date);
    if (typeof theirs !== 'function' || !dateLib) return text;
    const label = theirs(date, modifiers, options, dateLib);
    const formatted = dateLib.format(date, 'PPPP');
    return label.includes(formatted) ? label.replace(formatted, text) : text;
  };
}

const CLASS_NAMES = {
  root: styles.root,
  months: styles.months,
  month: styles.month,
  month_caption: styles.caption,
  caption_label: styles.captionLabel,
  nav: styles.nav,
  button_previous: styles.navButton,
  button_next: styles.navButton,
  // DayPicker draws the previous chevron pointing left in every direction.
  chevron: `${styles.chevron} flip-in-rtl`,
  month_grid: styles.grid,
  weekdays: styles.weekdays,
  weekday: styles.weekday,
  week: styles.week,
  day: styles.day,
  day_button: styles.dayButton,
  today: styles.today,
  outside: styles.outside,
  selected: styles.selected,
  range_start: styles.rangeEdge,
  range_end: styles.rangeEdge,
  range_middle: styles.rangeMiddle,
};

interface CommonProps {
  /** The reader's language (BCP 47): month and day names, digits and direction. */
  locale: string;
  /** 0 = Sunday … 6 = Saturday (domain firstDayOfWeek: the profile's, else the locale's). */
  weekStartsOn: number;
  /** The month shown; the calendar follows it when it changes (typed dates move it). */
  month: Date;
  onMonthChange(month: Date): void;
  /** Focus the selected day (else today) when the calendar appears, so arrow keys work at once. */
  autoFocus?: boolean;
  /** Called with the day picked by click, Enter or Space. */
  onPick(day: Date): void;
  label: string;
}

export type CalendarProps = CommonProps &
  ({ mode: 'single'; selected: Date | undefined } | { mode: 'range'; selected: DateRange | undefined });

/**
 * A month grid to pick a day or a range of days from. Keyboard: arrows move by a day or a week
 * (mirrored in right-to-left), Page Up/Down by a month, Home/End to the week's ends, Enter or
 * Space picks. Days are local calendar dates (no time); callers turn them into ISO dates.
 * Suspends while its language loads, so it belongs under a Suspense boundary.
 */
export function Calendar(props: CalendarProps) {
  const dayPickerLocale = use(localeOf(props.locale));
  const labels = useMemo(
    () => ({ labelDayButton: dayButtonLabel(props.locale, dayPickerLocale) }),
    [props.locale, dayPickerLocale],
  );
  const common = {
    labels,
    locale: dayPickerLocale,
    numerals: numeralsOf(props.locale),
    dir: isRtl(props.locale) ? 'rtl' : 'ltr',
    weekStartsOn: props.weekStartsOn as 0 | 1 | 2 | 3 | 4 | 5 | 6,
    month: props.month,
    onMonthChange: props.onMonthChange,
    autoFocus: props.autoFocus,
    showOutsideDays: true,
    fixedWeeks: true,
    classNames: CLASS_NAMES,
    'aria-label': props.label,
  } as const;
  if (props.mode === 'range') {
    return (
      <DayPicker
        {...common}
        mode="range"
        selected={props.selected}
        onSelect={(_range, day) => props.onPick(day)}
      />
    );
  }
  return (
    <DayPicker
      {...common}
      mode="single"
      selected={props.selected}
      onSelect={(_date, day) => props.onPick(day)}
    />
  );
}
