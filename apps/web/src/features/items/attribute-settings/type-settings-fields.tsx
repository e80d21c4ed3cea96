import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import { useTranslation } from '../../../i18n/use-translation';
import { Dropdown } from '../../../ui/dropdown';
import { TextField } from '../../../ui/text-field';
import styles from './attribute-settings.module.css';
import { ButtonSettings } from './button-settings';
import { DependencySettings } from './dependency-settings';
import type { FieldsProps } from './fields-props';
import { FormulaSettings } from './formula-settings';
import { LabelSettings } from './label-settings';
import { NumberFormatFields } from './number-format-fields';
import { Checkbox, NumberSetting } from './setting-inputs';
import type { NumberFormat, SettingsDraft } from './settings-draft';

const RATING_ICONS = ['star', 'heart', 'thumb', 'circle'] as const;
const THIS_BOARD = '__this__';

/** The fields of one type's settings; types without settings show none. */
export function TypeSettingsFields(props: FieldsProps & { type: AttributeType }) {
  const { t } = useTranslation();
  const { type, draft, onChange, errorAt } = props;
  const check = (field: string, label: string) => (
    <Checkbox draft={draft} onChange={onChange} field={field} label={label} />
  );
  const whole = (field: string, label: string, min?: number, max?: number) => (
    <NumberSetting
      draft={draft}
      onChange={onChange}
      field={field}
      label={label}
      min={min}
      max={max}
      error={errorAt(`settings.${field}`)}
    />
  );
  switch (type) {
    case 'label':
      return <LabelSettings {...props} />;
    case 'formula':
      return <FormulaSettings {...props} />;
    case 'button':
      return <ButtonSettings {...props} />;
    case 'number':
      return (
        <NumberFormatFields
          value={draft as unknown as NumberFormat}
          onChange={(next) => onChange(next as unknown as SettingsDraft)}
          errorAt={errorAt}
          path=""
        />
      );
    case 'members':
      return (
        <>
          {check('multiple', t('items.settings.multipleMembers'))}
          {check('notify', t('items.settings.notify'))}
        </>
      );
    case 'reference':
      return (
        <>
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('items.settings.targetBoard')}</span>
            <Dropdown<string>
              label={t('items.settings.targetBoard')}
              searchable
              options={[
                { value: THIS_BOARD, label: t('items.settings.thisBoard') },
                ...props.boards.map((board) => ({ value: board.id, label: board.name })),
              ]}
              value={typeof draft.boardId === 'string' ? draft.boardId : THIS_BOARD}
              onChange={(value) => onChange({ ...draft, boardId: value === THIS_BOARD ? null : value })}
            />
          </div>
          {check('multiple', t('items.settings.multipleItems'))}
        </>
      );
    case 'dependency':
      return <DependencySettings {...props} />;
    case 'date':
    case 'date_range':
    case 'created_at':
    case 'updated_at':
      return check('includeTime', t('items.settings.includeTime'));
    case 'rating':
      return (
        <div className={styles.row}>
          {whole('max', t('items.settings.ratingMax'), 1, 10)}
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('items.settings.icon')}</span>
            <Dropdown<(typeof RATING_ICONS)[number]>
              label={t('items.settings.icon')}
              options={RATING_ICONS.map((icon) => ({
                value: icon,
                label: t(`items.settings.icons.${icon}`),
              }))}
              value={draft.icon as (typeof RATING_ICONS)[number]}
              onChange={(icon) => onChange({ ...draft, icon })}
            />
          </div>
        </div>
      );
    case 'progress':
      return (
        <div className={styles.row}>
          {whole('min', t('items.settings.min'))}
          {whole('max', t('items.settings.max'))}
        </div>
      );
    case 'custom_id':
      return (
        <div className={styles.row}>
          <TextField
            label={t('items.settings.prefix')}
            value={String(draft.prefix ?? '')}
            maxLength={20}
            error={errorAt('settings.prefix')}
            onChange={(event) => onChange({ ...draft, prefix: event.target.value })}
          />
          {whole('padding', t('items.settings.padding'), 0, 10)}
        </div>
      );
    case 'time_tracking':
      return (
        <>
          {check('allowParallel', t('items.settings.allowParallel'))}
          {check('sharedEntries', t('items.settings.sharedEntries'))}
        </>
      );
    default:
      return null;
  }
}
