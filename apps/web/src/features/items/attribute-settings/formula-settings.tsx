import { useTranslation } from '../../../i18n/use-translation';
import styles from './attribute-settings.module.css';
import type { FieldsProps } from './fields-props';
import { FormulaFunctionField } from './formula-suggestions';
import { NumberFormatFields } from './number-format-fields';
import { DEFAULT_NUMBER_FORMAT, formulaReferences, type NumberFormat } from './settings-draft';

/**
 * The formula as users write it (names in braces; saved with ids, shown again with the current
 * names), the names it may use, and an optional number format for its result.
 */
export function FormulaSettings({ attributeId, draft, onChange, errorAt, attributes }: FieldsProps) {
  const { t } = useTranslation();
  const names = formulaReferences(attributeId, attributes);
  const numberFormat = draft.numberFormat as NumberFormat | undefined;
  return (
    <>
      <FormulaFunctionField
        label={t('items.settings.formula')}
        value={String(draft.formula ?? '')}
        rows={4}
        maxLength={4000}
        dir="ltr"
        spellCheck={false}
        placeholder="{Price} * 2"
        error={errorAt('settings.formula')}
        hint={t('items.settings.formulaHint')}
        onValueChange={(formula) => onChange({ ...draft, formula })}
      />
      {names.length > 0 && (
        <p className={styles.hint}>
          {t('items.settings.formulaNames')} <bdi dir="ltr">{names.join(', ')}</bdi>
        </p>
      )}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={numberFormat !== undefined}
          onChange={(event) => {
            const next = { ...draft };
            if (event.target.checked) next.numberFormat = { ...DEFAULT_NUMBER_FORMAT };
            else delete next.numberFormat;
            onChange(next);
          }}
        />
        {t('items.settings.formatResult')}
      </label>
      {numberFormat && (
        <NumberFormatFields
          value={numberFormat}
          onChange={(next) => onChange({ ...draft, numberFormat: next })}
          errorAt={errorAt}
          path="numberFormat."
        />
      )}
    </>
  );
}
