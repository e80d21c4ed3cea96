import { Check } from 'lucide-react';
import { useId } from 'react';
import styles from './color-swatches.module.css';

export interface SwatchColor {
  value: string;
  /** What a screen reader says for it. */
  label: string;
}

/**
 * A radio group of colours drawn as round swatches (a board's colour, a label's); a value outside
 * the list selects none. `small` for pickers repeated in a list.
 */
export function ColorSwatches({
  label,
  colors,
  value,
  onChange,
  size = 'medium',
}: {
  label: string;
  colors: readonly SwatchColor[];
  value: string | undefined | null;
  onChange(color: string): void;
  size?: 'medium' | 'small';
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={size === 'small' ? `${styles.swatches} ${styles.small}` : styles.swatches}
    >
      {colors.map((color) => (
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
            {value === color.value && <Check size={size === 'small' ? 14 : 16} />}
          </span>
          <span className="visually-hidden">{color.label}</span>
        </label>
      ))}
    </div>
  );
}
