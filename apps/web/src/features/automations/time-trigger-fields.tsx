import { readSettings } from '@strata/domain/attributes/attribute-settings';
import type { DateOffset, Schedule, Trigger } from '@strata/domain/automations/recipe';
import { firstDayOfWeek } from '@strata/domain/locale';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './builder.module.css';
import { ProblemText, SelectField, TextField } from './builder-fields';
import type { ProblemsByPath } from './recipe-draft';
import {
  changeScheduleEvery,
  changeTiming,
  type DateTiming,
  nextRun,
  rruleProblem,
  SCHEDULE_EVERY,
  type ScheduleEvery,
  timingOf,
  toggleWeekday,
  weekdaysOf,
} from './schedule-draft';
import type { AutomationBoard } from './use-automation-board';

const B = 'views.automations.builder';

/** A time of day (HH:MM) through the browser's own time field: typed or picked, in the locale. */
function TimeField({
  label,
  value,
  problem,
  onChange,
}: {
  label: string;
  value: string;
  problem?: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="time"
        required
        className={styles.control}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <ProblemText id={`${id}-problem`} code={problem} />
    </div>
  );
}

/**
 * The week's days as toggle buttons from the person's first day of the week: Tab reaches each,
 * Space or Enter presses it. The last day pressed stays pressed (a weekly schedule needs one).
 */
function WeekdayToggles({
  weekdays,
  board,
  onChange,
}: {
  weekdays: readonly number[];
  board: AutomationBoard;
  onChange(weekdays: number[]): void;
}) {
  const { t, i18n } = useTranslation();
  const days = weekdaysOf(i18n.language, firstDayOfWeek(i18n.language, board.context.weekStartsOn));
  return (
    <fieldset className={styles.group}>
      <legend className={styles.label}>{t(`${B}.weekdays`)}</legend>
      <div className={styles.weekdays}>
        {days.map(({ day, name, short }) => {
          const isPressed = weekdays.includes(day);
          return (
            <button
              key={day}
              type="button"
              className={styles.weekday}
              aria-pressed={isPressed}
              aria-disabled={isPressed && weekdays.length === 1 ? true : undefined}
              title={name}
              onClick={() => onChange(toggleWeekday(weekdays, day))}
            >
              <span aria-hidden="true">{short}</span>
              <span className="visually-hidden">{name}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Which clock the times follow: the zone of the automation's creator (the server's rule), told
 * with the next run for a schedule, in the person's own locale and time zone.
 */
function TimeHint({
  board,
  creatorId,
  schedule,
}: {
  board: AutomationBoard;
  creatorId: number | null;
  schedule?: Schedule | null;
}) {
  const { t, i18n } = useTranslation();
  const isMine = creatorId === null || creatorId === board.context.currentUserId;
  const zone = board.context.timeZone;
  const lines: string[] = [];
  if (!isMine) lines.push(t(`${B}.zoneOther`));
  else if (zone) lines.push(t(`${B}.zoneProfile`, { zone }));
  else lines.push(t(`${B}.zoneUtc`, { zone: 'UTC' }));
  if (schedule && isMine) {
    const next = nextRun(schedule, new Date(), zone ?? 'UTC');
    if (next)
      lines.push(
        t(`${B}.nextRun`, {
          time: new Intl.DateTimeFormat(i18n.language, {
            dateStyle: 'full',
            timeStyle: 'short',
            timeZone: zone,
          }).format(next),
        }),
      );
    else if (schedule.every !== 'rrule' || !rruleProblem(schedule.rrule)) lines.push(t(`${B}.noNextRun`));
  }
  return (
    <p className={`${styles.hint} ${styles.wide}`} aria-live="polite">
      {lines.join(' ')}
    </p>
  );
}

/** A schedule's blanks: how often, the time, the weekdays or the day of the month, or a custom RRULE. */
export function ScheduleFields({
  schedule,
  board,
  creatorId,
  problems,
  onChange,
}: {
  schedule: Schedule | null;
  board: AutomationBoard;
  creatorId: number | null;
  problems: ProblemsByPath;
  onChange(schedule: Schedule): void;
}) {
  const { t, i18n } = useTranslation();
  const path = 'trigger.schedule';
  const days = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <SelectField
        label={t(`${B}.every`)}
        value={schedule?.every ?? null}
        placeholder={t(`${B}.choose`)}
        options={SCHEDULE_EVERY.map((every) => ({ value: every, label: t(`${B}.everyKinds.${every}`) }))}
        problem={problems.get(path)}
        onChange={(every) => every && onChange(changeScheduleEvery(schedule, every as ScheduleEvery))}
      />
      {schedule && schedule.every !== 'rrule' && (
        <TimeField
          label={t(`${B}.at`)}
          value={schedule.at}
          problem={problems.get(`${path}.at`)}
          onChange={(at) => onChange({ ...schedule, at })}
        />
      )}
      {schedule?.every === 'month' && (
        <SelectField
          label={t(`${B}.dayOfMonth`)}
          value={String(schedule.day)}
          options={Array.from({ length: 31 }, (_, index) => ({
            value: String(index + 1),
            label: days.format(index + 1),
          }))}
          problem={problems.get(`${path}.day`)}
          onChange={(day) => day && onChange({ ...schedule, day: Number(day) })}
        />
      )}
      {schedule?.every === 'month' && schedule.day > 28 && (
        <p className={`${styles.hint} ${styles.wide}`}>{t(`${B}.shortMonths`)}</p>
      )}
      {schedule?.every === 'week' && (
        <WeekdayToggles
          weekdays={schedule.weekdays}
          board={board}
          onChange={(weekdays) => onChange({ ...schedule, weekdays })}
        />
      )}
      {schedule?.every === 'rrule' && (
        <div className={styles.wide}>
          <TextField
            label={t(`${B}.rrule`, { format: 'RRULE' })}
            value={schedule.rrule}
            hint={t(`${B}.rruleHint`, { example: 'FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=9;BYMINUTE=0' })}
            problem={problems.get(`${path}.rrule`)}
            onChange={(rrule) => onChange({ ...schedule, rrule })}
          />
        </div>
      )}
      {schedule && <TimeHint board={board} creatorId={creatorId} schedule={schedule} />}
    </>
  );
}

/** A number of minutes, hours or days: kept as typed until it is a whole number from 1 to 365. */
function AmountField({
  offset,
  problem,
  onChange,
}: {
  offset: DateOffset;
  problem?: string;
  onChange(offset: DateOffset): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(offset.amount));
  const amount = Number(text);
  const isValid = /^\d+$/.test(text.trim()) && amount >= 1 && amount <= 365;
  return (
    <TextField
      label={t(`${B}.offsetAmount`)}
      type="number"
      value={text}
      problem={isValid ? problem : 'INVALID'}
      hint={t(`${B}.offsetAmountHint`)}
      onChange={(next) => {
        setText(next);
        const value = Number(next);
        if (/^\d+$/.test(next.trim()) && value >= 1 && value <= 365) onChange({ ...offset, amount: value });
      }}
    />
  );
}

const UNITS = ['minutes', 'hours', 'days'] as const;
const TIMINGS: DateTiming[] = ['on', 'before', 'after'];

/** A date trigger's blanks after its date: on the day, or an amount before or after it; the time. */
export function DateArrivesFields({
  trigger,
  board,
  creatorId,
  problems,
  onChange,
}: {
  trigger: Extract<Trigger, { kind: 'date_arrives' }>;
  board: AutomationBoard;
  creatorId: number | null;
  problems: ProblemsByPath;
  onChange(trigger: Trigger): void;
}) {
  const { t } = useTranslation();
  const timing = timingOf(trigger.offset);
  const attribute = board.attributes.find((candidate) => candidate.id === trigger.attribute_id);
  const hasTime =
    (attribute?.type === 'date' || attribute?.type === 'date_range') &&
    readSettings(attribute.type, attribute.settings).includeTime;
  return (
    <>
      <SelectField
        label={t(`${B}.timing`)}
        value={timing}
        options={TIMINGS.map((value) => ({ value, label: t(`${B}.timings.${value}`) }))}
        onChange={(next) =>
          next && onChange({ ...trigger, offset: changeTiming(trigger.offset, next as DateTiming) })
        }
      />
      {timing !== 'on' && (
        <>
          <AmountField
            // Another timing (before, after) starts the field again from its amount.
            key={timing}
            offset={trigger.offset}
            problem={problems.get('trigger.offset.amount')}
            onChange={(offset) => onChange({ ...trigger, offset })}
          />
          <SelectField
            label={t(`${B}.offsetUnit`)}
            value={trigger.offset.unit}
            options={UNITS.map((unit) => ({ value: unit, label: t(`${B}.units.${unit}`) }))}
            onChange={(unit) =>
              unit &&
              onChange({ ...trigger, offset: { ...trigger.offset, unit: unit as DateOffset['unit'] } })
            }
          />
        </>
      )}
      {!hasTime && (
        <TimeField
          label={t(`${B}.dateAt`)}
          value={trigger.at}
          problem={problems.get('trigger.at')}
          onChange={(at) => onChange({ ...trigger, at })}
        />
      )}
      <TimeHint board={board} creatorId={creatorId} />
    </>
  );
}
