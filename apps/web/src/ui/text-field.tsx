import { forwardRef, type InputEvent, type InputHTMLAttributes, useId, useState } from 'react';
import { type Check, validatorState } from './input-validator';
import styles from './text-field.module.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
  /** Live check while typing: a non-empty value that fails gets the error style (and message). */
  validator?: Check;
}

/** A labelled input; the error, when present, is announced and tied to the input. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, validator, onInput, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  const [live, setLive] = useState('');
  const checked = validator ? validatorState(live, validator) : { invalid: false };
  const shownError = error ?? (checked.invalid ? checked.message : undefined);
  const invalid = Boolean(error) || checked.invalid;
  const handleInput = (event: InputEvent<HTMLInputElement>) => {
    if (validator) setLive(event.currentTarget.value);
    onInput?.(event);
  };
  return (
    <div className={`${styles.field} ${invalid ? styles.invalid : ''}`}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={styles.input}
        aria-invalid={invalid || undefined}
        aria-describedby={shownError || hint ? messageId : undefined}
        onInput={handleInput}
        {...rest}
      />
      {shownError ? (
        <span id={messageId} className={styles.error} role="alert">
          {shownError}
        </span>
      ) : hint ? (
        <span id={messageId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
});
