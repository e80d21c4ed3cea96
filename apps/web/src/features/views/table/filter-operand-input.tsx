import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { RELATIVE_DAYS, RELATIVE_RANGES } from '@strata/domain/attributes/date-ranges';
import { formatIsoDate } from '@strata/domain/attributes/date-values';
import type { FilterOperator } from '@strata/domain/attributes/filter-operators';
import { parseNumberText } from '@strata/domain/attributes/number-format';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { dayValue } from '../../../ui/calendar/calendar-days';
import type { ViewMember } from '../view-types';
import { FilterDateField } from './filter-date-field';
import styles from './toolbar.module.css';

export type OperandKind =
  | 'none'
  | 'text'
  | 'number'
  | 'range'
  | 'date'
  | 'within'
  | 'labels'
  | 'members'
  | 'ids';

const NO_OPERAND = new Set<FilterOperator>([
  'is_empty',
  'is_not_empty',
  'is_checked',
  'is_unchecked',
  'is_complete',
  'is_incomplete',
  'is_error',
]);
const NUMBER_OPERATORS = new Set<FilterOperator>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte']);
const DATE_TYPES = new Set(['date', 'date_range', 'created_at', 'updated_at']);

/** The kind of operand a type's operator takes (docs/attributes.md, Filters). */
export function operandKind(type: AttributeDefinition['type'], operator: FilterOperator): OperandKind {
  if (NO_OPERAND.has(operator)) return 'none';
  if (operator === 'between') return 'range';
  if (NUMBER_OPERATORS.has(operator)) return 'number';
  if (DATE_TYPES.has(type)) return operator === 'within' ? 'within' : 'date';
  if (type === 'label') return 'labels';
  if (type === 'members' || type === 'created_by') return 'members';
  // References and dependencies name items: "has any of" and "has none of" take item ids.
  if (
    type === 'source_folder' ||
    ((type === 'reference' || type === 'dependency') &&
      (operator === 'includes_any' || operator === 'excludes'))
  )
    return 'ids';
  return 'text';
}

/** A starting operand for a kind: valid where one exists (today, this week), empty otherwise. */
export function defaultOperand(kind: OperandKind): unknown {
  switch (kind) {
    case 'text':
      return '';
    case 'date':
      return 'today';
    case 'within':
      return { range: 'this_week' };
    case 'labels':
    case 'members':
    case 'ids':
      return [];
    default:
      return undefined;
  }
}

interface OperandInputProps {
  attribute: AttributeDefinition;
  operator: FilterOperator;
  operand: unknown;
  members: readonly ViewMember[];
  locale: string;
  /** 0 = Sunday … 6 = Saturday: the calendar's first column. */
  weekStartsOn: number;
  onChange(operand: unknown): void;
}

function NumberField({
  label,
  value,
  locale,
  onChange,
}: {
  label: string;
  value: unknown;
  locale: string;
  onChange(value: number | undefined): void;
}) {
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  return (
    <input
      className={styles.field}
      inputMode="decimal"
      aria-label={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseNumberText(event.target.value, locale) ?? undefined);
      }}
    />
  );
}

function toggled<V>(list: readonly V[], value: V): V[] {
  return list.includes(value) ? list.filter((x) => x !== value) : [...list, value];
}

/** The operand field of one filter condition, by the kind its attribute type and operator take. */
export function OperandInput({
  attribute,
  operator,
  operand,
  members,
  locale,
  weekStartsOn,
  onChange,
}: OperandInputProps) {
  const { t } = useTranslation();
  const label = t('views.filter.value');
  const kind = operandKind(attribute.type, operator);
  switch (kind) {
    case 'none':
      return null;
    case 'number':
      return <NumberField label={label} value={operand} locale={locale} onChange={onChange} />;
    case 'range': {
      const [from, to] = Array.isArray(operand) ? operand : [];
      return (
        <span className={styles.inline}>
          <NumberField
            label={t('views.filter.from')}
            value={from}
            locale={locale}
            onChange={(value) => onChange([value, to])}
          />
          <NumberField
            label={t('views.filter.to')}
            value={to}
            locale={locale}
            onChange={(value) => onChange([from, value])}
          />
        </span>
      );
    }
    case 'date': {
      const relative = (RELATIVE_DAYS as readonly unknown[]).includes(operand);
      return (
        <span className={styles.inline}>
          <select
            className={styles.field}
            aria-label={t('views.filter.day')}
            value={relative ? String(operand) : 'exact'}
            onChange={(event) =>
              onChange(
                // Today as the reader's calendar shows it, not in UTC (a day apart around midnight).
                event.target.value === 'exact' ? formatIsoDate(dayValue(new Date())) : event.target.value,
              )
            }
          >
            {RELATIVE_DAYS.map((day) => (
              <option key={day} value={day}>
                {t(`views.ranges.${day}`)}
              </option>
            ))}
            <option value="exact">{t('views.filter.exactDate')}</option>
          </select>
          {!relative && (
            <FilterDateField
              value={operand}
              locale={locale}
              weekStartsOn={weekStartsOn}
              label={label}
              onChange={onChange}
            />
          )}
        </span>
      );
    }
    case 'within': {
      const current = (operand ?? {}) as { range?: string; days?: number };
      return (
        <span className={styles.inline}>
          <select
            className={styles.field}
            aria-label={t('views.filter.range')}
            value={current.range ?? 'this_week'}
            onChange={(event) => {
              const range = event.target.value;
              onChange(
                range === 'past_days' || range === 'next_days'
                  ? { range, days: current.days ?? 7 }
                  : { range },
              );
            }}
          >
            {[...RELATIVE_RANGES, 'past_days', 'next_days'].map((range) => (
              <option key={range} value={range}>
                {t(`views.ranges.${range}`)}
              </option>
            ))}
          </select>
          {(current.range === 'past_days' || current.range === 'next_days') && (
            <NumberField
              label={t('views.filter.days')}
              value={current.days}
              locale={locale}
              onChange={(days) => onChange({ range: current.range, days })}
            />
          )}
        </span>
      );
    }
    case 'labels': {
      const chosen = Array.isArray(operand) ? (operand as string[]) : [];
      return (
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">{label}</legend>
          {readSettings('label', attribute.settings).labels.map((option) => (
            <label key={option.id} className={styles.choice}>
              <input
                type="checkbox"
                checked={chosen.includes(option.id)}
                onChange={() => onChange(toggled(chosen, option.id))}
              />
              {option.name}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'members': {
      const chosen = Array.isArray(operand) ? (operand as (number | 'me')[]) : [];
      const options: { id: number | 'me'; name: string }[] = [
        { id: 'me', name: t('views.filter.me') },
        ...members.map((member) => ({ id: member.id, name: member.name })),
      ];
      return (
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">{label}</legend>
          {options.map((option) => (
            <label key={option.id} className={styles.choice}>
              <input
                type="checkbox"
                checked={chosen.includes(option.id)}
                onChange={() => onChange(toggled(chosen, option.id))}
              />
              {option.name}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'ids':
      return (
        <input
          className={styles.field}
          aria-label={label}
          placeholder={t('views.filter.idsHint')}
          defaultValue={Array.isArray(operand) ? operand.join(', ') : ''}
          onChange={(event) =>
            onChange(
              event.target.value
                .split(',')
                .map((id) => id.trim())
                .filter((id) => id !== ''),
            )
          }
        />
      );
    default:
      return (
        <input
          className={styles.field}
          aria-label={label}
          value={typeof operand === 'string' ? operand : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
