import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { ColorSwatches } from '../../../ui/color-swatches';
import { TextField } from '../../../ui/text-field';
import styles from './attribute-settings.module.css';
import type { FieldsProps } from './fields-props';
import { Checkbox } from './setting-inputs';
import {
  addLabel,
  changeLabel,
  labelsOf,
  moveLabel,
  removeLabel,
  type SettingsDraft,
  swatchColors,
} from './settings-draft';

/**
 * A label attribute's labels: each named (required) and coloured from the palette; added,
 * removed and moved up or down in place. Ids are kept, so items keep their labels.
 */
export function LabelSettings({ draft, onChange, errorAt }: FieldsProps) {
  const { t } = useTranslation();
  const labels = labelsOf(draft);
  const set = (next: SettingsDraft['labels']) => onChange({ ...draft, labels: next });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('items.settings.labels')}</legend>
      {labels.length === 0 && <p className={styles.hint}>{t('items.settings.noLabels')}</p>}
      <ol className={styles.labels}>
        {labels.map((label, index) => (
          <li key={label.id} className={styles.label}>
            <div className={styles.labelTop}>
              <TextField
                label={t('items.settings.labelName', { n: index + 1 })}
                value={label.name}
                maxLength={100}
                error={errorAt(`settings.labels.${index}.name`)}
                onChange={(event) => set(changeLabel(labels, label.id, { name: event.target.value }))}
              />
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('items.settings.moveUp', { name: label.name || index + 1 })}
                disabled={index === 0}
                onClick={() => set(moveLabel(labels, label.id, -1))}
              >
                <ArrowUp size={16} aria-hidden="true" />
              </button>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('items.settings.moveDown', { name: label.name || index + 1 })}
                disabled={index === labels.length - 1}
                onClick={() => set(moveLabel(labels, label.id, 1))}
              >
                <ArrowDown size={16} aria-hidden="true" />
              </button>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('items.settings.removeLabel', { name: label.name || index + 1 })}
                onClick={() => set(removeLabel(labels, label.id))}
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </div>
            <ColorSwatches
              label={t('items.settings.labelColor', { name: label.name || index + 1 })}
              colors={swatchColors(t)}
              size="small"
              value={label.color}
              onChange={(color) => set(changeLabel(labels, label.id, { color, textColor: undefined }))}
            />
          </li>
        ))}
      </ol>
      <Button variant="secondary" className={styles.addButton} onClick={() => set(addLabel(labels))}>
        <Plus size={16} aria-hidden="true" />
        {t('items.settings.addLabel')}
      </Button>
      <Checkbox
        draft={draft}
        onChange={onChange}
        field="multiple"
        label={t('items.settings.multipleLabels')}
      />
    </fieldset>
  );
}
