import { type ReactNode, type Ref, useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './builder.module.css';

/** A blank's problem in words (recipe-check's codes), or nothing. */
export function ProblemText({ id, code }: { id: string; code: string | undefined }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <span id={id} className={styles.problem}>
      {t(`views.automations.problems.${code}`, { defaultValue: t('views.automations.problems.INVALID') })}
    </span>
  );
}

export interface Option {
  value: string;
  label: string;
}

/**
 * One blank as a choice: empty until chosen (the placeholder option), marked with its problem.
 * A native select: the keyboard and phones handle it as everywhere else.
 */
export function SelectField({
  label,
  value,
  options,
  placeholder,
  problem,
  hint,
  selectRef,
  onChange,
}: {
  label: string;
  value: string | null;
  options: readonly Option[];
  /** The empty choice's text; without it the field always has a value. */
  placeholder?: string;
  problem?: string;
  hint?: string;
  /** The select itself: for a list that moves the focus onto it (a value just added). */
  selectRef?: Ref<HTMLSelectElement>;
  onChange(value: string | null): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const known = value === null || options.some((option) => option.value === value);
  const described = [problem ? `${id}-problem` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        ref={selectRef}
        id={id}
        className={styles.control}
        value={value ?? ''}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      >
        {(placeholder !== undefined || value === null) && <option value="">{placeholder ?? ''}</option>}
        {!known && value !== null && <option value={value}>{t('views.automations.sentence.missing')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      <ProblemText id={`${id}-problem`} code={problem} />
    </div>
  );
}

export function TextField({
  label,
  value,
  problem,
  multiline,
  placeholder,
  hint,
  type = 'text',
  onChange,
}: {
  label: string;
  value: string;
  problem?: string;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  type?: 'text' | 'email' | 'number';
  onChange(value: string): void;
}) {
  const id = useId();
  const described = [problem ? `${id}-problem` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    className: styles.control,
    value,
    placeholder,
    dir: 'auto',
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': described || undefined,
  } as const;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      <ProblemText id={`${id}-problem`} code={problem} />
    </div>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** A group of choices (people, attributes) with its legend and problem. */
export function ChoiceGroup({
  legend,
  problem,
  children,
}: {
  legend: string;
  problem?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className={styles.group} aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.choices}>{children}</div>
      <ProblemText id={`${id}-problem`} code={problem} />
    </fieldset>
  );
}
