import { useTranslation } from '../../../i18n/use-translation';
import { Dropdown } from '../../../ui/dropdown';
import { TextField } from '../../../ui/text-field';
import styles from './attribute-settings.module.css';
import { Checkbox, NumberSetting } from './setting-inputs';
import type { NumberFormat } from './settings-draft';

const FORMATS = ['number', 'currency', 'percent'] as const;

/**
 * How a number shows: plain, currency (with its ISO 4217 code) or percent; fixed decimals
 * (blank shows the number as it is) and the thousands separator.
 */
export function NumberFormatFields({
  value,
  onChange,
  errorAt,
  path,
}: {
  value: NumberFormat;
  onChange(next: NumberFormat): void;
  errorAt(path: string): string | undefined;
  /** Where these settings sit inside `settings` ('' for a number, 'numberFormat.' for a formula). */
  path: string;
}) {
  const { t } = useTranslation();
  const draft = value as unknown as Record<string, unknown>;
  const change = (next: Record<string, unknown>) => onChange(next as unknown as NumberFormat);
  return (
    <div className={styles.group}>
      <div className={styles.row}>
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t('items.settings.format')}</span>
          <Dropdown<NumberFormat['format']>
            label={t('items.settings.format')}
            options={FORMATS.map((format) => ({
              value: format,
              label: t(`items.settings.formats.${format}`),
            }))}
            value={value.format}
            onChange={(format) => onChange({ ...value, format })}
          />
        </div>
        <NumberSetting
          draft={draft}
          onChange={change}
          field="decimals"
          label={t('items.settings.decimals')}
          min={0}
          max={10}
          error={errorAt(`settings.${path}decimals`)}
        />
      </div>
      <p className={styles.hint}>{t('items.settings.decimalsHint')}</p>
      {value.format === 'currency' && (
        <TextField
          label={t('items.settings.currency')}
          hint={t('items.settings.currencyHint')}
          value={value.currency}
          maxLength={3}
          autoCapitalize="characters"
          error={errorAt(`settings.${path}currency`)}
          onChange={(event) => onChange({ ...value, currency: event.target.value.toUpperCase().trim() })}
        />
      )}
      <Checkbox
        draft={draft}
        onChange={change}
        field="thousandsSeparator"
        label={t('items.settings.thousandsSeparator')}
      />
    </div>
  );
}
