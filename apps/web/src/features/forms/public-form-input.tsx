import type { PublicFormField } from '@strata/contracts/forms';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './public-form.module.css';
import type { Answer, DateRange } from './public-form-values';

export interface QuestionInputProps {
  field: PublicFormField;
  answer: Answer | undefined;
  /** The field's error, worded for the visitor. */
  error?: string;
  onChange(answer: Answer): void;
}

/** The id of a question's first control: what a label points at and an error focuses. */
export const questionInputId = (field: PublicFormField) => `question-${field.attribute_id}`;

const TEXT_INPUTS: Partial<Record<PublicFormField['type'], string>> = {
  text: 'text',
  email: 'email',
  phone: 'tel',
  links: 'url',
};

/**
 * One question of a public form, the input its type takes (docs/attributes.md), with its help
 * under it and its error tied to it. Choices (labels, a rating, a range) are grouped under their
 * question as a fieldset.
 */
export function QuestionInput({ field, answer, error, onChange }: QuestionInputProps) {
  const { t } = useTranslation();
  const id = questionInputId(field);
  const describedBy = [field.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const common = {
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
  };
  const text = typeof answer === 'string' ? answer : '';
  const title = (
    <>
      {field.label}
      {field.required && (
        <span className={styles.required}>
          <span aria-hidden="true"> *</span>
          <span className="visually-hidden"> ({t('forms.page.requiredMark')})</span>
        </span>
      )}
    </>
  );
  const picked = Array.isArray(answer) ? (answer as readonly (string | number)[]) : [];
  const toggle = <T extends string | number>(value: T, on: boolean, list: readonly T[]) =>
    on ? [...list, value] : list.filter((entry) => entry !== value);

  let control: ReactNode;
  let grouped = false;
  switch (field.type) {
    case 'longtext':
      control = (
        <textarea
          id={id}
          className={styles.input}
          rows={4}
          value={text}
          {...common}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
      break;
    case 'number':
    case 'progress':
      control = (
        <input
          id={id}
          className={styles.input}
          type="number"
          inputMode="decimal"
          min={field.settings.min ?? (field.type === 'progress' ? 0 : undefined)}
          max={field.settings.max ?? (field.type === 'progress' ? 100 : undefined)}
          step="any"
          value={text}
          {...common}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
      break;
    case 'checkbox':
      return (
        <div className={styles.field} data-invalid={error ? '' : undefined}>
          <label className={styles.check}>
            <input
              id={id}
              type="checkbox"
              checked={answer === true}
              {...common}
              onChange={(e) => onChange(e.currentTarget.checked)}
            />
            <span className={styles.label}>{title}</span>
          </label>
          <Notes id={id} help={field.help} error={error} />
        </div>
      );
    case 'label': {
      grouped = true;
      const multiple = field.settings.multiple ?? false;
      control = (field.settings.labels ?? []).map((label, index) => (
        <label key={label.id} className={styles.check}>
          <input
            id={index === 0 ? id : undefined}
            type={multiple ? 'checkbox' : 'radio'}
            name={id}
            checked={picked.includes(label.id)}
            {...common}
            onChange={(e) =>
              onChange(multiple ? toggle(label.id, e.currentTarget.checked, picked as string[]) : [label.id])
            }
          />
          {label.name}
        </label>
      ));
      break;
    }
    case 'members': {
      const multiple = field.settings.multiple ?? false;
      const members = field.members ?? [];
      control = (
        <select
          id={id}
          className={styles.input}
          multiple={multiple}
          value={multiple ? picked.map(String) : String(picked[0] ?? '')}
          {...common}
          onChange={(e) =>
            onChange(
              [...e.currentTarget.selectedOptions]
                .filter((option) => option.value !== '')
                .map((option) => Number(option.value)),
            )
          }
        >
          {!multiple && <option value="">{t('forms.page.choose')}</option>}
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      );
      break;
    }
    case 'date':
      control = (
        <input
          id={id}
          className={styles.input}
          type={field.settings.includeTime ? 'datetime-local' : 'date'}
          value={text}
          {...common}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
      break;
    case 'date_range': {
      grouped = true;
      const range = (answer as DateRange | undefined) ?? { start: '', end: '' };
      control = (['start', 'end'] as const).map((end) => (
        <label key={end} className={styles.rangePart}>
          <span>{t(`forms.page.${end}`)}</span>
          <input
            id={end === 'start' ? id : undefined}
            className={styles.input}
            type="date"
            value={range[end]}
            {...common}
            onChange={(e) => onChange({ ...range, [end]: e.currentTarget.value })}
          />
        </label>
      ));
      break;
    }
    case 'rating': {
      grouped = true;
      const max = field.settings.max ?? 5;
      control = (
        <div className={styles.rating}>
          {Array.from({ length: max }, (_, index) => index + 1).map((value) => (
            <label key={value} className={styles.ratingStep}>
              <input
                id={value === 1 ? id : undefined}
                type="radio"
                name={id}
                checked={answer === value}
                aria-label={t('forms.page.rating', { value, max })}
                {...common}
                onChange={() => onChange(value)}
              />
              <span aria-hidden="true">{value}</span>
            </label>
          ))}
        </div>
      );
      break;
    }
    default:
      control = (
        <input
          id={id}
          className={styles.input}
          type={TEXT_INPUTS[field.type] ?? 'text'}
          dir={field.type === 'links' || field.type === 'email' ? 'ltr' : undefined}
          placeholder={field.type === 'links' ? 'https://' : undefined}
          autoComplete={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : undefined}
          value={text}
          {...common}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }

  if (grouped)
    return (
      <fieldset
        className={styles.field}
        data-invalid={error ? '' : undefined}
        aria-describedby={describedBy || undefined}
      >
        <legend className={styles.label}>{title}</legend>
        <div className={styles.choices}>{control}</div>
        <Notes id={id} help={field.help} error={error} />
      </fieldset>
    );
  return (
    <div className={styles.field} data-invalid={error ? '' : undefined}>
      <label className={styles.label} htmlFor={id}>
        {title}
      </label>
      {control}
      <Notes id={id} help={field.help} error={error} />
    </div>
  );
}

function Notes({ id, help, error }: { id: string; help: string | null; error?: string }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} className={styles.help}>
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}
