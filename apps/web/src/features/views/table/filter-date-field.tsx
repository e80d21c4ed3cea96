import * as Popover from '@radix-ui/react-popover';
import { formatDateInput, parseLocaleDateText } from '@strata/domain/attributes/date-locale';
import { formatIsoDate, parseIsoDate } from '@strata/domain/attributes/date-values';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { calendarDate, dayValue } from '../../../ui/calendar/calendar-days';
import { LazyCalendar } from '../../../ui/calendar/lazy-calendar';
import dateStyles from './filter-date-field.module.css';
import styles from './toolbar.module.css';

interface FilterDateFieldProps {
  /** The operand: an ISO calendar date, or anything else for none yet. */
  value: unknown;
  locale: string;
  weekStartsOn: number;
  label: string;
  onChange(iso: string): void;
}

/** A filter's date: calendar days have no zone, so they are read and shown in UTC. */
const ZONE = 'UTC';

/**
 * An exact day of a date filter: typed in the reader's own order (or ISO), or picked from a
 * calendar behind the button beside it. Text that is no date is marked invalid and leaves the
 * condition as it was. Escape or a pick closes the calendar and gives the focus back to the button.
 */
export function FilterDateField({ value, locale, weekStartsOn, label, onChange }: FilterDateFieldProps) {
  const { t } = useTranslation();
  const stored = typeof value === 'string' ? parseIsoDate(value.slice(0, 10)) : null;
  const [text, setText] = useState(stored ? formatDateInput(stored, locale, ZONE).date : '');
  const [isOpen, setOpen] = useState(false);
  const typed = parseLocaleDateText(text, locale, ZONE);
  const [month, setMonth] = useState(() => (stored ? calendarDate(stored, ZONE) : new Date()));

  const handleText = (next: string) => {
    setText(next);
    const read = parseLocaleDateText(next, locale, ZONE);
    if (!read) return;
    setMonth(calendarDate(read, ZONE));
    onChange(formatIsoDate(dayValue(calendarDate(read, ZONE))));
  };
  const handlePick = (day: Date) => {
    const picked = dayValue(day);
    setText(formatDateInput(picked, locale, ZONE).date);
    onChange(formatIsoDate(picked));
    setOpen(false);
  };

  return (
    <span className={styles.inline}>
      <input
        className={`${styles.field} ${dateStyles.text}`}
        aria-label={label}
        aria-invalid={text.trim() !== '' && !typed}
        placeholder={formatDateInput(parseIsoDate('2026-11-26')!, locale, ZONE).date}
        value={text}
        onChange={(event) => handleText(event.target.value)}
      />
      <Popover.Root open={isOpen} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button type="button" className={styles.iconButton} aria-label={t('views.datePicker.choose')}>
            <CalendarDays size={16} aria-hidden="true" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className={dateStyles.popover}
            aria-label={t('views.datePicker.calendar')}
            side="bottom"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            // The calendar focuses its selected day (or today) itself once it has loaded.
            onOpenAutoFocus={(event) => event.preventDefault()}
          >
            <LazyCalendar
              mode="single"
              label={t('views.datePicker.calendar')}
              locale={locale}
              weekStartsOn={weekStartsOn}
              selected={typed ? calendarDate(typed, ZONE) : undefined}
              month={month}
              onMonthChange={setMonth}
              autoFocus
              onPick={handlePick}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </span>
  );
}
