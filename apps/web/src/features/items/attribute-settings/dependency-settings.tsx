import { firstDayOfWeek } from '@strata/domain/locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useSession } from '../../../lib/session';
import { Dropdown } from '../../../ui/dropdown';
import styles from './attribute-settings.module.css';
import own from './dependency-settings.module.css';
import type { FieldsProps } from './fields-props';

const NONE = '__none__';
/** The scheduler's calendar when none was chosen: Monday to Friday (docs/gantt-scheduling.md). */
const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];
/** 4 January 2026 was a Sunday: day n of that week names weekday n (0 Sunday .. 6 Saturday). */
const A_SUNDAY = Date.UTC(2026, 0, 4);
const DAY_MS = 86_400_000;

/** The seven weekdays (0 Sunday .. 6 Saturday) from `firstDay`, with their names in `locale`. */
export function weekdaysOf(locale: string, firstDay: number): { day: number; name: string }[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, index) => {
    const day = (firstDay + index) % 7;
    return { day, name: format.format(A_SUNDAY + day * DAY_MS) };
  });
}

/**
 * A dependency's settings: which of the board's date or start-and-end-date columns its links
 * move, and the working days its lags and durations count, or every day. The days are listed
 * from the person's first day of the week and named in their language; the last day ticked
 * cannot be unticked (a week without working days would place nothing).
 */
export function DependencySettings({ attributeId, draft, onChange, attributes }: FieldsProps) {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const dates = attributes.filter(
    (attribute) =>
      attribute.id !== attributeId && (attribute.type === 'date' || attribute.type === 'date_range'),
  );
  const schedules = typeof draft.schedules === 'string' ? draft.schedules : NONE;
  const working = Array.isArray(draft.workingWeekdays) ? (draft.workingWeekdays as number[]) : null;
  const isEveryDay = working === null;
  const weekdays = weekdaysOf(i18n.language, firstDayOfWeek(i18n.language, profile?.start_of_week));

  const toggleDay = (day: number, isWorking: boolean) => {
    const current = working ?? [];
    const next = isWorking ? [...current, day] : current.filter((other) => other !== day);
    onChange({ ...draft, workingWeekdays: [...new Set(next)].sort((a, b) => a - b) });
  };

  return (
    <>
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('items.settings.schedules')}</span>
        <Dropdown<string>
          label={t('items.settings.schedules')}
          searchable={dates.length > 8}
          options={[
            { value: NONE, label: t('items.settings.scheduleNone') },
            ...dates.map((attribute) => ({ value: attribute.id, label: attribute.name })),
          ]}
          value={dates.some((attribute) => attribute.id === schedules) ? schedules : NONE}
          onChange={(value) => onChange({ ...draft, schedules: value === NONE ? null : value })}
        />
        <p className={styles.hint}>{t('items.settings.schedulesHint')}</p>
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('items.settings.workingDays')}</legend>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={isEveryDay}
            onChange={(event) =>
              onChange({ ...draft, workingWeekdays: event.target.checked ? null : MONDAY_TO_FRIDAY })
            }
          />
          {t('items.settings.everyDayCounts')}
        </label>
        <div className={own.weekdays}>
          {weekdays.map(({ day, name }) => {
            const isChecked = isEveryDay || working.includes(day);
            const isLast = !isEveryDay && isChecked && working.length === 1;
            return (
              <label key={day} className={styles.check}>
                <input
                  type="checkbox"
                  checked={isChecked}
                  disabled={isEveryDay || isLast}
                  onChange={(event) => toggleDay(day, event.target.checked)}
                />
                {name}
              </label>
            );
          })}
        </div>
        <p className={styles.hint}>{t('items.settings.workingDaysHint')}</p>
      </fieldset>
    </>
  );
}
