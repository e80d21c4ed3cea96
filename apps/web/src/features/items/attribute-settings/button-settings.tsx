import type { ButtonAction } from '@strata/domain/attributes/attribute-settings';
import { HttpError } from '@strata/sync/http-client';
import { useContext } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ColorSwatches } from '../../../ui/color-swatches';
import { Dropdown } from '../../../ui/dropdown';
import { TextField } from '../../../ui/text-field';
import { useBoardAutomations } from '../../automations';
import { BoardContext } from '../../boards/board-context';
import styles from './attribute-settings.module.css';
import type { FieldsProps } from './fields-props';
import { swatchColors } from './settings-draft';

type ActionType = 'none' | ButtonAction['type'];

/**
 * A button's label, colour and action: nothing, open a URL, or run one of the board's automations
 * (offered on a board's page, where the board is known). An action that sets values (written
 * through the API) is kept as it is and offered only while it is the button's.
 */
export function ButtonSettings({ draft, onChange, errorAt }: FieldsProps) {
  const { t } = useTranslation();
  const view = useContext(BoardContext);
  const action = (draft.action ?? null) as ButtonAction | null;
  const current: ActionType = action?.type ?? 'none';
  const types: ActionType[] = [
    'none',
    'open_url',
    ...(view || current === 'run_automation' ? (['run_automation'] as const) : []),
    ...(current === 'set_values' ? (['set_values'] as const) : []),
  ];
  const handleType = (type: ActionType) => {
    if (type === current) return;
    const next: ButtonAction | null =
      type === 'open_url'
        ? { type, url: '' }
        : type === 'run_automation'
          ? { type, automation_id: '' }
          : null;
    onChange({ ...draft, action: next });
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
      {action?.type === 'run_automation' && view && (
        <AutomationChoice
          teamId={view.teamId}
          boardId={view.board.id}
          value={action.automation_id}
          onChange={(automationId) =>
            onChange({ ...draft, action: { type: 'run_automation', automation_id: automationId } })
          }
        />
      )}
    </>
  );
}

/**
 * The board's automations to run, read only once this action is chosen. Someone who may edit
 * columns but not manage automations is told so (403) rather than shown an empty list.
 */
function AutomationChoice({
  teamId,
  boardId,
  value,
  onChange,
}: {
  teamId: number;
  boardId: string;
  value: string;
  onChange(automationId: string): void;
}) {
  const { t } = useTranslation();
  const automations = useBoardAutomations(teamId, boardId);
  const S = 'items.settings';
  let note: string | null = null;
  if (automations.isPending) note = t(`${S}.automationsLoading`);
  else if (automations.isError)
    note =
      automations.error instanceof HttpError && automations.error.status === 403
        ? t(`${S}.automationsForbidden`)
        : t(`${S}.automationsFailed`);
  else if (automations.data.length === 0) note = t(`${S}.automationsNone`);
  const options = (automations.data ?? []).map((automation) => ({
    value: automation.id,
    label: automation.name,
  }));
  // One chosen before it was deleted (or that this person may not see) is named as such.
  if (value !== '' && automations.isSuccess && !options.some((option) => option.value === value))
    options.push({ value, label: t(`${S}.automationGone`) });
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>{t(`${S}.automation`)}</span>
      {options.length > 0 && (
        <Dropdown<string>
          label={t(`${S}.automation`)}
          placeholder={t(`${S}.automationChoose`)}
          searchable={options.length > 8}
          options={options}
          value={value === '' ? null : value}
          onChange={onChange}
        />
      )}
      {note && (
        <p className={styles.hint} role={automations.isError ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}
