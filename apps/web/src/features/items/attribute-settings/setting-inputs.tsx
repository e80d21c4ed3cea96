import { TextField } from '../../../ui/text-field';
import styles from './attribute-settings.module.css';
import type { SettingsDraft } from './settings-draft';

interface DraftProps {
  draft: SettingsDraft;
  onChange(next: SettingsDraft): void;
}

/** One boolean setting as a checkbox. */
export function Checkbox({ draft, onChange, field, label }: DraftProps & { field: string; label: string }) {
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={draft[field] === true}
        onChange={(event) => onChange({ ...draft, [field]: event.target.checked })}
      />
      {label}
    </label>
  );
}

/** One whole-number setting; a blank field is null (the server's check then names the field). */
export function NumberSetting({
  draft,
  onChange,
  field,
  label,
  min,
  max,
  error,
}: DraftProps & { field: string; label: string; min?: number; max?: number; error?: string }) {
  const value = draft[field];
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      step={1}
      min={min}
      max={max}
      error={error}
      value={typeof value === 'number' ? String(value) : ''}
      onChange={(event) => {
        const text = event.target.value.trim();
        onChange({ ...draft, [field]: text === '' ? null : Number(text) });
      }}
    />
  );
}
