import type { PublicFormField } from '@strata/contracts/forms';
import { formatFileSize } from '@strata/domain/attributes/file-size';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './public-form.module.css';
import { type Answer, type DateRange, filesOf } from './public-form-values';

export interface QuestionInputProps {
  field: PublicFormField;
  answer: Answer | undefined;
  /** The field's error, worded for the visitor. */
  error?: string;
  /** What a file question takes: the size of one file and how many files an answer carries. */
  limits?: { maxMb: number; maxFiles: number };
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
export function QuestionInput({ field, answer, error, limits, onChange }: QuestionInputProps) {
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
    case 'attachments':
      control = (
        <FileChoice
          id={id}
          common={common}
          files={filesOf(answer)}
          limits={limits}
          onChange={(files) => onChange(files)}
        />
      );
      break;
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

/** A key per chosen file: each choice gives new File objects, even of the same file. */
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
function fileKey(file: File): string {
  let key = fileKeys.get(file);
  if (key === undefined) {
    nextFileKey += 1;
    key = `file-${nextFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
}

/**
 * A file question's input: files are added (several at a time), listed with their sizes, and
 * each can be taken out again. They are sent with the answer, not before.
 */
function FileChoice({
  id,
  common,
  files,
  limits,
  onChange,
}: {
  id: string;
  common: Record<string, unknown>;
  files: readonly File[];
  limits?: { maxMb: number; maxFiles: number };
  onChange(files: File[]): void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.files}>
      <input
        id={id}
        className={styles.fileInput}
        type="file"
        multiple
        {...common}
        onChange={(e) => {
          const added = [...(e.currentTarget.files ?? [])];
          // The same file chosen again is picked anew by the next change.
          e.currentTarget.value = '';
          if (added.length > 0) onChange([...files, ...added]);
        }}
      />
      {limits && (
        <p className={styles.help}>{t('forms.page.fileLimits', { max: limits.maxFiles, n: limits.maxMb })}</p>
      )}
      {files.length > 0 && (
        <ul className={styles.fileList}>
          {files.map((file, index) => (
            <li key={fileKey(file)} className={styles.fileRow}>
              <span className={styles.fileName} dir="auto">
                {file.name}
              </span>
              <span className={styles.help}>{formatFileSize(file.size, i18n.language)}</span>
              <button
                type="button"
                className={styles.removeFile}
                aria-label={t('forms.page.removeFile', { name: file.name })}
                onClick={() => onChange(files.filter((_, at) => at !== index))}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
