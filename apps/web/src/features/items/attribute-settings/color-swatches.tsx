import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './attribute-settings.module.css';
import { SWATCH_COLORS } from './settings-draft';

/** A radio group of the palette's colours; a stored colour outside the palette selects none. */
export function ColorSwatches({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange(color: string): void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={styles.swatches}>
      {SWATCH_COLORS.map((color) => (
        <label key={color.value} className={styles.swatchLabel}>
          <input
            type="radio"
            name={name}
            value={color.value}
            className={styles.swatchInput}
            checked={value === color.value}
            onChange={() => onChange(color.value)}
          />
          <span className={styles.swatch} style={{ background: color.value }} aria-hidden="true">
            {value === color.value && <Check size={14} />}
          </span>
          <span className="visually-hidden">{t(`boards.colors.${color.name}`)}</span>
        </label>
      ))}
    </div>
  );
}
