import type { ButtonAction } from '@strata/domain/attributes/attribute-settings';
import { useTranslation } from '../../../i18n/use-translation';
import { ColorSwatches } from '../../../ui/color-swatches';
import { Dropdown } from '../../../ui/dropdown';
import { TextField } from '../../../ui/text-field';
import styles from './attribute-settings.module.css';
import type { FieldsProps } from './fields-props';
import { swatchColors } from './settings-draft';

type ActionType = 'none' | ButtonAction['type'];

/**
 * A button's label, colour and action: nothing, or open a URL. An action that sets values
 * (written through the API) is kept as it is and offered only while it is the button's.
 */
export function ButtonSettings({ draft, onChange, errorAt }: FieldsProps) {
  const { t } = useTranslation();
  const action = (draft.action ?? null) as ButtonAction | null;
  const current: ActionType = action?.type ?? 'none';
  const types: ActionType[] =
    current === 'set_values' ? ['none', 'open_url', 'set_values'] : ['none', 'open_url'];
  const handleType = (type: ActionType) => {
    if (type === current) return;
    onChange({ ...draft, action: type === 'open_url' ? { type, url: '' } : null });
  };
  return (
    <>
      <TextField
        label={t('items.settings.buttonLabel')}
        value={String(draft.label ?? '')}
        maxLength={50}
        error={errorAt('settings.label')}
        onChange={(event) => onChange({ ...draft, label: event.target.value })}
      />
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('items.settings.buttonColor')}</span>
        <ColorSwatches
          label={t('items.settings.buttonColor')}
          colors={swatchColors(t)}
          size="small"
          value={typeof draft.color === 'string' ? draft.color : undefined}
          onChange={(color) => onChange({ ...draft, color })}
        />
      </div>
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('items.settings.action')}</span>
        <Dropdown<ActionType>
          label={t('items.settings.action')}
          options={types.map((type) => ({ value: type, label: t(`items.settings.actions.${type}`) }))}
          value={current}
          onChange={handleType}
        />
      </div>
      {action?.type === 'open_url' && (
        <TextField
          label={t('items.settings.url')}
          type="url"
          dir="ltr"
          value={action.url}
          maxLength={2048}
          placeholder="https://"
          error={errorAt('settings.action.url')}
          onChange={(event) => onChange({ ...draft, action: { type: 'open_url', url: event.target.value } })}
        />
      )}
    </>
  );
}
