import { useId } from 'react';
import fieldStyles from '../../ui/text-field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled native select (the keyboard and phones handle it as everywhere else), empty until
 * chosen, its error announced and tied to it.
 */
export function SelectField({
  label,
  value,
  options,
  placeholder,
  error,
  hint,
  disabled,
  onChange,
}: {
  label: string;
  value: string | null;
  options: readonly SelectOption[];
  placeholder: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  onChange(value: string | null): void;
}) {
  const id = useId();
  const message = error ?? hint;
  return (
    <div className={`${fieldStyles.field} ${error ? fieldStyles.invalid : ''}`}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={fieldStyles.input}
        value={value ?? ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {message && (
        <span
          id={`${id}-message`}
          className={error ? fieldStyles.error : fieldStyles.hint}
          role={error ? 'alert' : undefined}
        >
          {message}
        </span>
      )}
    </div>
  );
}
