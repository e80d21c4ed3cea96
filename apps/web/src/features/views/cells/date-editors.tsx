import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { formatDateInput, parseLocaleDateText } from '@strata/domain/attributes/date-locale';
import { type DateValue, formatIsoDate, parseIsoDate } from '@strata/domain/attributes/date-values';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { contextLocale, contextTimeZone, type ValueContext } from '@strata/domain/attributes/value-context';
import { firstDayOfWeek } from '@strata/domain/locale';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { calendarDate, dayValue } from '../../../ui/calendar/calendar-days';
import { LazyCalendar } from '../../../ui/calendar/lazy-calendar';
import type { CellEditProps } from '../view-types';
import styles from './cells.module.css';
import { DateCell, DateRangeCell } from './date-cells';
import dateStyles from './date-editors.module.css';
import { EditorMessage, PopoverEditor } from './editor-shell';
import { useValidatedCommit } from './use-validated-commit';

/** How one reader types and reads dates: their language, zone and first day of the week. */
function readerOf(context: ValueContext) {
  const locale = contextLocale(context);
  const timeZone = contextTimeZone(context);
  return {
    locale,
    timeZone,
    weekStartsOn: firstDayOfWeek(locale, context.weekStartsOn),
    read: (text: string) => parseLocaleDateText(text, locale, timeZone),
    texts: (value: DateValue | null) =>
      value ? formatDateInput(value, locale, timeZone) : { date: '', time: '' },
  };
}

type Reader = ReturnType<typeof readerOf>;

/**
 * Typed text to stored data: ISO when it reads as a date, null when empty, else the text
 * itself, so validation names the problem (INVALID_DATE) in the reader's words.
 */
function dataOfText(text: string, reader: Reader): unknown {
  if (text.trim() === '') return null;
  const value = reader.read(text);
  return value ? formatIsoDate(value) : text;
}

function storedValue(data: unknown): DateValue | null {
  return typeof data === 'string' ? parseIsoDate(data) : null;
}

function includesTime(attribute: AttributeDefinition): boolean {
  return readSettings(attribute.type === 'date_range' ? 'date_range' : 'date', attribute.settings)
    .includeTime;
}

function onEnter(action: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };
}

/**
 * A date (or date and time) in a popover anchored to the value: a field typed in the reader's
 * own order (or ISO), and a calendar. Opened from the keyboard, the calendar has the focus
 * (arrows move, Enter picks and saves); opened by typing, the field has it. With a time, a
 * picked day keeps the typed time and moves on to it. Escape closes without a change.
 */
export function DatePickerEdit(props: CellEditProps) {
  const { t } = useTranslation();
  const id = useId();
  const reader = readerOf(props.context);
  const withTime = includesTime(props.attribute);
  const initial = reader.texts(storedValue(props.data));
  const [dateText, setDateText] = useState(props.initialText ?? initial.date);
  const [timeText, setTimeText] = useState(initial.time);
  const typed = reader.read(dateText);
  const [month, setMonth] = useState(() => (typed ? calendarDate(typed, reader.timeZone) : new Date()));
  const timeRef = useRef<HTMLInputElement>(null);
  const { commit, error } = useValidatedCommit(props.attribute, props.context, props.onCommit);

  const save = (date = dateText, time = timeText) =>
    commit(dataOfText(withTime && time.trim() !== '' ? `${date} ${time}` : date, reader));
  const handleDateChange = (text: string) => {
    setDateText(text);
    const value = reader.read(text);
    if (value) setMonth(calendarDate(value, reader.timeZone));
  };
  const handlePick = (day: Date) => {
    const text = reader.texts(dayValue(day)).date;
    setDateText(text);
    if (withTime) timeRef.current?.focus();
    else save(text, '');
  };

  return (
    <PopoverEditor label={props.attribute.name} onClose={props.onCancel} anchor={<DateCell {...props} />}>
      <div className={withTime ? dateStyles.fields : undefined}>
        {withTime && <label htmlFor={`${id}-date`}>{t('views.datePicker.date')}</label>}
        <input
          id={`${id}-date`}
          // Alone, the field is the value itself, named like the other editors' fields.
          aria-label={withTime ? undefined : props.attribute.name}
          className={styles.input}
          // biome-ignore lint/a11y/noAutofocus: the edit started by typing into this cell
          autoFocus={props.initialText !== undefined}
          placeholder={reader.texts(dayValue(new Date(2026, 10, 26))).date}
          aria-invalid={error !== null}
          value={dateText}
          onChange={(event) => handleDateChange(event.target.value)}
          onKeyDown={onEnter(() => save())}
        />
        {withTime && (
          <>
            <label htmlFor={`${id}-time`}>{t('views.datePicker.time')}</label>
            <input
              id={`${id}-time`}
              ref={timeRef}
              className={styles.input}
              placeholder={reader.texts(parseIsoDate('2026-11-26T14:30:00Z')).time}
              value={timeText}
              onChange={(event) => setTimeText(event.target.value)}
              onKeyDown={onEnter(() => save())}
            />
          </>
        )}
      </div>
      <LazyCalendar
        mode="single"
        label={t('views.datePicker.calendar')}
        locale={reader.locale}
        weekStartsOn={reader.weekStartsOn}
        selected={typed ? calendarDate(typed, reader.timeZone) : undefined}
        month={month}
        onMonthChange={setMonth}
        autoFocus={props.initialText === undefined}
        onPick={handlePick}
      />
      <EditorMessage error={error} />
      <div className={styles.actions}>
        <button type="button" className={styles.plainButton} onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={`${styles.plainButton} ${styles.primaryButton}`}
          onClick={() => save()}
        >
          {t('common.save')}
        </button>
      </div>
    </PopoverEditor>
  );
}

function rangeOf(data: unknown): { start: DateValue | null; end: DateValue | null } {
  if (!data || typeof data !== 'object') return { start: null, end: null };
  const { start, end } = data as { start?: unknown; end?: unknown };
  return { start: storedValue(start), end: storedValue(end) };
}

/** One side of a range as typed: the date, and its time when it has one. */
function sideText(value: DateValue | null, reader: Reader): string {
  const { date, time } = reader.texts(value);
  return time ? `${date} ${time}` : date;
}

/**
 * Start and end date: two fields and a calendar in a popover. In the calendar the first pick is
 * the start, the second the end (an earlier second day swaps them) and completes the range,
 * which saves. Typed, an end before the start is allowed and flagged (the domain's warning);
 * Enter or Save commits.
 */
export function DateRangePickerEdit(props: CellEditProps) {
  const { t } = useTranslation();
  const id = useId();
  const reader = readerOf(props.context);
  const initial = rangeOf(props.data);
  const [start, setStart] = useState(props.initialText ?? sideText(initial.start, reader));
  const [end, setEnd] = useState(sideText(initial.end, reader));
  const [picking, setPicking] = useState<'start' | 'end'>('start');
  const startValue = reader.read(start);
  const endValue = reader.read(end);
  const [month, setMonth] = useState(() => {
    const shown = startValue ?? endValue;
    return shown ? calendarDate(shown, reader.timeZone) : new Date();
  });
  const { commit, check, error, warning } = useValidatedCommit(
    props.attribute,
    props.context,
    props.onCommit,
  );
  const dataOf = (s: string, e: string) =>
    s.trim() === '' && e.trim() === '' ? null : { start: dataOfText(s, reader), end: dataOfText(e, reader) };
  const handleChange = (s: string, e: string) => {
    setStart(s);
    setEnd(e);
    check(dataOf(s, e));
  };
  const save = () => commit(dataOf(start, end));
  const handlePick = (day: Date) => {
    const text = reader.texts(dayValue(day)).date;
    if (picking === 'start' || !startValue) {
      handleChange(text, '');
      setPicking('end');
      return;
    }
    const first = calendarDate(startValue, reader.timeZone);
    const [s, e] = day < first ? [text, start] : [start, text];
    handleChange(s, e);
    setPicking('start');
    commit(dataOf(s, e));
  };
  const shownStart = startValue ? calendarDate(startValue, reader.timeZone) : undefined;
  const shownEnd = endValue ? calendarDate(endValue, reader.timeZone) : undefined;

  return (
    <PopoverEditor
      label={props.attribute.name}
      onClose={props.onCancel}
      anchor={<DateRangeCell {...props} />}
    >
      <div className={dateStyles.fields}>
        <label htmlFor={`${id}-start`}>{t('views.cells.start')}</label>
        <input
          id={`${id}-start`}
          className={styles.input}
          // biome-ignore lint/a11y/noAutofocus: the edit started by typing into this cell
          autoFocus={props.initialText !== undefined}
          value={start}
          onChange={(event) => handleChange(event.target.value, end)}
          onKeyDown={onEnter(save)}
        />
        <label htmlFor={`${id}-end`}>{t('views.cells.end')}</label>
        <input
          id={`${id}-end`}
          className={styles.input}
          aria-invalid={warning !== null}
          value={end}
          onChange={(event) => handleChange(start, event.target.value)}
          onKeyDown={onEnter(save)}
        />
      </div>
      <LazyCalendar
        mode="range"
        label={t(picking === 'start' ? 'views.datePicker.pickStart' : 'views.datePicker.pickEnd')}
        locale={reader.locale}
        weekStartsOn={reader.weekStartsOn}
        selected={shownStart || shownEnd ? { from: shownStart ?? shownEnd, to: shownEnd } : undefined}
        month={month}
        onMonthChange={setMonth}
        autoFocus={props.initialText === undefined}
        onPick={handlePick}
      />
      <EditorMessage error={error} warning={warning} />
      <div className={styles.actions}>
        <button type="button" className={styles.plainButton} onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className={`${styles.plainButton} ${styles.primaryButton}`} onClick={save}>
          {t('common.save')}
        </button>
      </div>
    </PopoverEditor>
  );
}
