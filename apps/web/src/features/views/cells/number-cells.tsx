import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { formatNumber, parseNumberText } from '@strata/domain/attributes/number-format';
import { progressPercent } from '@strata/domain/attributes/progress';
import { readValue, valueToPlainText } from '@strata/domain/attributes/type-registry';
import { contextLocale } from '@strata/domain/attributes/value-context';
import { useTranslation } from '../../../i18n/use-translation';
import type { CellEditProps, CellRenderProps } from '../view-types';
import styles from './cells.module.css';
import { InputEditor } from './editor-shell';

function numberOf(props: Pick<CellRenderProps, 'attribute' | 'data'>): number | null {
  const value = readValue(props.attribute, props.data);
  return typeof value === 'number' ? value : null;
}

/** Number: formatted by the attribute's settings in the reader's locale (number-format.ts). */
export function NumberCell(props: CellRenderProps) {
  const value = numberOf(props);
  if (value === null) return null;
  const text = formatNumber(
    value,
    readSettings('number', props.attribute.settings),
    contextLocale(props.context),
  );
  return (
    <span className={`${styles.text} ${styles.number}`} title={text}>
      {text}
    </span>
  );
}

/** Typed text to data: the locale's separators, currency signs and % are read; other text is refused. */
function numberFromText(locale: string) {
  return (text: string): unknown => {
    if (text.trim() === '') return null;
    return parseNumberText(text, locale) ?? text;
  };
}

function NumberInput(props: CellEditProps) {
  const value = numberOf(props);
  return (
    <InputEditor
      {...props}
      initial={value === null ? '' : String(value)}
      toData={numberFromText(contextLocale(props.context))}
      inputMode="decimal"
    />
  );
}

export const NumberEdit = NumberInput;
export const ProgressEdit = NumberInput;
export const RatingEdit = NumberInput;

/** Progress: a bar between the settings' min and max, with the share as text. */
export function ProgressCell(props: CellRenderProps) {
  const value = numberOf(props);
  if (value === null) return null;
  const settings = readSettings('progress', props.attribute.settings);
  const percent = progressPercent(value, settings);
  return (
    <span className={styles.row}>
      <span
        className={styles.bar}
        role="progressbar"
        aria-label={props.attribute.name}
        aria-valuemin={settings.min}
        aria-valuemax={settings.max}
        aria-valuenow={value}
      >
        <span
          className={`${styles.barFill} ${percent === 100 ? styles.barDone : ''}`}
          style={{ inlineSize: `${percent}%` }}
        />
      </span>
      <span className={styles.muted}>{percent}%</span>
    </span>
  );
}

/** Rating symbols as text: a table shows hundreds of them, and text is far cheaper than SVG. */
const RATING_SYMBOLS = { star: '\u2605', heart: '\u2665', thumb: '\u{1F44D}', circle: '\u25CF' } as const;

/**
 * Rating: `max` symbols, the first `value` lit. With `onChange` each symbol is a button that sets
 * the rating; clicking the current rating again clears it (0, not rated).
 */
export function RatingCell(props: CellRenderProps) {
  const { t } = useTranslation();
  const settings = readSettings('rating', props.attribute.settings);
  const value = numberOf(props) ?? 0;
  const symbol = RATING_SYMBOLS[settings.icon];
  const icons = Array.from({ length: settings.max }, (_, index) => index + 1);
  const { onChange } = props;
  if (!onChange) {
    return (
      <span
        className={styles.stars}
        role="img"
        aria-label={t('views.cells.rating', { value, max: settings.max })}
      >
        {icons.map((n) => (
          <span key={n} className={`${styles.star} ${n <= value ? styles.starOn : ''}`} aria-hidden="true">
            {symbol}
          </span>
        ))}
      </span>
    );
  }
  // One translated label for the group; the buttons are named by their number (a screenful of
  // rating cells would otherwise translate five labels each).
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons inside a grid cell, named as one; a fieldset would need a legend
    <span
      className={styles.stars}
      role="group"
      aria-label={t('views.cells.rating', { value, max: settings.max })}
    >
      {icons.map((n) => (
        <button
          key={n}
          type="button"
          tabIndex={-1}
          className={`${styles.star} ${n <= value ? styles.starOn : ''}`}
          aria-label={String(n)}
          aria-pressed={n <= value}
          onClick={(event) => {
            event.stopPropagation();
            onChange(n === value ? 0 : n);
          }}
        >
          {symbol}
        </button>
      ))}
    </span>
  );
}

/** Custom ID: the prefix and the (padded) number, read-only. */
export function CustomIdCell(props: CellRenderProps) {
  const text = valueToPlainText(props.attribute, props.data, props.context);
  return <span className={`${styles.text} ${styles.muted}`}>{text}</span>;
}

/** Time tracking: the tracked total as h:mm:ss, read-only (the timer has its own issue). */
export function TimeTrackingCell(props: CellRenderProps) {
  const text = valueToPlainText(props.attribute, props.data, props.context);
  if (!text) return null;
  return (
    <span className={`${styles.text} ${styles.number}`}>
      <time dateTime={`PT${Math.floor(numberOf(props) ?? 0)}S`}>{text}</time>
    </span>
  );
}
