import { readSettings } from '@strata/domain/attributes/attribute-settings';
import { type FormulaErrorCode, isFormulaError } from '@strata/domain/attributes/formula/formula-values';
import { formatNumber } from '@strata/domain/attributes/number-format';
import { readValue, valueToDisplayText } from '@strata/domain/attributes/type-registry';
import { contextLocale, folderNameOf } from '@strata/domain/attributes/value-context';
import { Square, SquareCheck } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import type { CellRenderProps } from '../view-types';
import styles from './cells.module.css';
import { readableTextOn } from './choice-cells';

/** Catalogue keys of the formula error codes (the codes themselves are shown as they are). */
export const FORMULA_ERROR_KEYS: Record<FormulaErrorCode, string> = {
  '#ERROR!': 'error',
  '#NAME?': 'name',
  '#REF!': 'ref',
  '#VALUE!': 'value',
  '#DIV/0!': 'div0',
  '#NUM!': 'num',
  '#N/A': 'na',
  '#CYCLE!': 'cycle',
  '#DEPTH!': 'depth',
};

/**
 * Formula: the result passed in (evaluation is the caller's): numbers in the attribute's number
 * format, booleans as a tick, dates in the reader's language, text as it is, errors by their code with the
 * explanation as a tooltip. Never throws, whatever the data.
 */
export function FormulaCell(props: CellRenderProps) {
  const { t } = useTranslation();
  const value = readValue(props.attribute, props.data);
  if (value === null) return null;
  if (isFormulaError(value)) {
    const explanation = t(`views.formulaErrors.${FORMULA_ERROR_KEYS[value.error]}`, {
      defaultValue: value.message,
    });
    return (
      <span
        className={`${styles.text} ${styles.formulaError}`}
        title={explanation}
        aria-description={explanation}
      >
        {value.error}
      </span>
    );
  }
  if (typeof value === 'boolean') {
    const Icon = value ? SquareCheck : Square;
    return (
      <Icon
        size={16}
        role="img"
        aria-label={value ? t('views.cells.checked') : t('views.cells.unchecked')}
        className={value ? styles.starOn : styles.muted}
      />
    );
  }
  if (typeof value === 'number') {
    const settings = readSettings('formula', props.attribute.settings);
    const text = formatNumber(value, settings.numberFormat, contextLocale(props.context));
    return <span className={`${styles.text} ${styles.number}`}>{text}</span>;
  }
  const text = valueToDisplayText(props.attribute, props.data, props.context);
  return (
    <span className={styles.text} title={text}>
      {text}
    </span>
  );
}

/** Button: runs its action through `onButton`; shown disabled until an action is configured. */
export function ButtonCell(props: CellRenderProps) {
  const settings = readSettings('button', props.attribute.settings);
  const { onButton } = props;
  const style = settings.color
    ? { background: settings.color, color: readableTextOn(settings.color) }
    : undefined;
  return (
    <button
      type="button"
      tabIndex={-1}
      className={styles.actionButton}
      style={style}
      disabled={!onButton || settings.action === null}
      onClick={(event) => {
        event.stopPropagation();
        onButton?.();
      }}
    >
      {settings.label}
    </button>
  );
}

/** Source folder: the item's folder by name, read-only. */
export function SourceFolderCell(props: CellRenderProps) {
  const id = readValue(props.attribute, props.data);
  if (typeof id !== 'string') return null;
  const name = folderNameOf(id, props.context);
  return (
    <span className={styles.text} title={name}>
      {name}
    </span>
  );
}
