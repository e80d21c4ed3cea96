import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { isEndBeforeStart } from '@strata/domain/attributes/date-values';
import {
  type AttributeDefinition,
  valueFromPlainText,
  valueToDisplayText,
  valueToPlainText,
} from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { TriangleExclamationPoint } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellEditProps, CellRenderProps } from '../view-types';
import styles from './cells.module.css';
import { EditorMessage, InputEditor, PopoverEditor } from './editor-shell';
import { useValidatedCommit } from './use-validated-commit';

/** Date, created at, updated at: in the reader's language (with the time in their zone when set). */
export function DateCell(props: CellRenderProps) {
  const text = valueToDisplayText(props.attribute, props.data, props.context);
  if (!text) return null;
  return (
    <time className={styles.text} dateTime={typeof props.data === 'string' ? props.data : undefined}>
      {text}
    </time>
  );
}

function rangeOf(data: unknown): { start: string | null; end: string | null } {
  if (!data || typeof data !== 'object') return { start: null, end: null };
  const { start, end } = data as { start?: unknown; end?: unknown };
  return { start: typeof start === 'string' ? start : null, end: typeof end === 'string' ? end : null };
}

/** One side of a range as a date attribute with the range's settings shows it. */
function sideText(attribute: AttributeDefinition, iso: string | null, context: ValueContext): string {
  return iso === null ? '' : valueToPlainText({ ...attribute, type: 'date' }, iso, context);
}

/** Start and end date; an end before the start is flagged (the domain's END_BEFORE_START), not hidden. */
export function DateRangeCell(props: CellRenderProps) {
  const { t } = useTranslation();
  const { start, end } = rangeOf(props.data);
  if (start === null && end === null) return null;
  const flagged = isEndBeforeStart(start, end);
  const text = valueToDisplayText(props.attribute, props.data, props.context);
  return (
    <span className={`${styles.row} ${flagged ? styles.flag : ''}`}>
      {flagged && (
        <TriangleExclamationPoint
          size={14}
          role="img"
          aria-label={t('views.errors.END_BEFORE_START')}
          data-flag="END_BEFORE_START"
        />
      )}
      <span className={styles.text} title={flagged ? t('views.errors.END_BEFORE_START') : text}>
        {text}
      </span>
    </span>
  );
}

function datePlaceholder(attribute: AttributeDefinition): string {
  const settings = readSettings(attribute.type === 'date_range' ? 'date_range' : 'date', attribute.settings);
  return settings.includeTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD';
}

/** Typed text to stored ISO data; text that is no date is passed on so validation names the problem. */
function dateFromText(attribute: AttributeDefinition, context: ValueContext) {
  return (text: string): unknown => {
    if (text.trim() === '') return null;
    const read = valueFromPlainText({ ...attribute, type: 'date' }, text, context);
    return read?.ok ? read.data : text;
  };
}

export function DateEdit(props: CellEditProps) {
  return (
    <InputEditor
      {...props}
      initial={valueToPlainText(props.attribute, props.data, props.context)}
      toData={dateFromText(props.attribute, props.context)}
      placeholder={datePlaceholder(props.attribute)}
    />
  );
}

/**
 * Start and end date: two fields in a popover. An end before the start is allowed and flagged
 * while typing (the domain answers it as a warning); Enter or Save commits.
 */
export function DateRangeEdit(props: CellEditProps) {
  const { t } = useTranslation();
  const id = useId();
  const initial = rangeOf(props.data);
  const [start, setStart] = useState(
    props.initialText ?? sideText(props.attribute, initial.start, props.context),
  );
  const [end, setEnd] = useState(sideText(props.attribute, initial.end, props.context));
  const { commit, check, error, warning } = useValidatedCommit(
    props.attribute,
    props.context,
    props.onCommit,
  );
  const toSide = dateFromText(props.attribute, props.context);
  const dataOf = (s: string, e: string) =>
    s.trim() === '' && e.trim() === '' ? null : { start: toSide(s), end: toSide(e) };
  const handleChange = (s: string, e: string) => {
    setStart(s);
    setEnd(e);
    check(dataOf(s, e));
  };
  const save = () => commit(dataOf(start, end));
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    }
  };
  const placeholder = datePlaceholder(props.attribute);
  return (
    <PopoverEditor
      label={props.attribute.name}
      onClose={props.onCancel}
      anchor={<DateRangeCell {...props} />}
    >
      <label htmlFor={`${id}-start`}>{t('views.cells.start')}</label>
      <input
        id={`${id}-start`}
        className={styles.input}
        // biome-ignore lint/a11y/noAutofocus: the editor opens because the user asked to edit this cell
        autoFocus
        placeholder={placeholder}
        value={start}
        onChange={(event) => handleChange(event.target.value, end)}
        onKeyDown={handleKeyDown}
      />
      <label htmlFor={`${id}-end`}>{t('views.cells.end')}</label>
      <input
        id={`${id}-end`}
        className={styles.input}
        placeholder={placeholder}
        aria-invalid={warning !== null}
        value={end}
        onChange={(event) => handleChange(start, event.target.value)}
        onKeyDown={handleKeyDown}
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
