import { readSettings } from '@strata/domain/attributes/attribute-settings';
import type { Trigger, TriggerKind } from '@strata/domain/automations/recipe';
import { useTranslation } from '../../i18n/use-translation';
import styles from './builder.module.css';
import { type Option, SelectField } from './builder-fields';
import { FormTriggerField } from './form-trigger-field';
import {
  attributesFor,
  changeTriggerKind,
  isOfferedTrigger,
  OFFERED_TRIGGERS,
  type ProblemsByPath,
  setTriggerAttribute,
  setTriggerFolder,
  triggerAttributeRole,
} from './recipe-draft';
import { DateArrivesFields, ScheduleFields } from './time-trigger-fields';
import type { AutomationBoard } from './use-automation-board';
import { ValueConditionField } from './value-condition-field';

/** Folder choices: "any folder" (null) first, then the board's folders. */
export function folderOptions(board: AutomationBoard): Option[] {
  return board.folders.map((folder) => ({ value: folder.id, label: folder.name }));
}

/**
 * The trigger: its kind, then its blanks (attribute, label, from/to, schedule, offset, folder,
 * form) as the kind needs.
 */
export function TriggerEditor({
  trigger,
  board,
  creatorId,
  problems,
  onChange,
}: {
  trigger: Trigger;
  board: AutomationBoard;
  /** Who made the automation (null: a new one, made by the person): time triggers follow their zone. */
  creatorId: number | null;
  problems: ProblemsByPath;
  onChange(trigger: Trigger): void;
}) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const kinds: TriggerKind[] = isOfferedTrigger(trigger.kind)
    ? [...OFFERED_TRIGGERS]
    : [...OFFERED_TRIGGERS, trigger.kind];
  const role = triggerAttributeRole(trigger.kind);
  const attributeId = 'attribute_id' in trigger ? trigger.attribute_id : null;
  const attribute = board.attributes.find((candidate) => candidate.id === attributeId);
  return (
    <div className={styles.fields}>
      <SelectField
        label={t(`${B}.triggerKind`)}
        value={trigger.kind}
        options={kinds.map((kind) => ({ value: kind, label: t(`views.automations.triggers.${kind}`) }))}
        onChange={(kind) => kind && onChange(changeTriggerKind(trigger, kind as TriggerKind))}
      />
      {role && (
        <SelectField
          label={t(`${B}.attribute`)}
          value={attributeId}
          placeholder={t(`${B}.choose`)}
          options={attributesFor(board.attributes, role).map((option) => ({
            value: option.id,
            label: option.name,
          }))}
          problem={problems.get('trigger.attribute_id')}
          onChange={(id) => onChange(setTriggerAttribute(trigger, id))}
        />
      )}
      {trigger.kind === 'label_set' && (
        <SelectField
          label={t(`${B}.label`)}
          value={trigger.label_id}
          placeholder={t(`${B}.choose`)}
          options={
            attribute?.type === 'label'
              ? readSettings('label', attribute.settings).labels.map((label) => ({
                  value: label.id,
                  label: label.name,
                }))
              : []
          }
          problem={problems.get('trigger.label_id')}
          onChange={(labelId) => onChange({ ...trigger, label_id: labelId })}
        />
      )}
      {trigger.kind === 'value_changed' && attribute && (
        <>
          <ValueConditionField
            label={t(`${B}.from`)}
            attribute={attribute}
            condition={trigger.from}
            members={board.members}
            context={board.context}
            problem={problems.get('trigger.from')}
            onChange={(from) => onChange({ ...trigger, from })}
          />
          <ValueConditionField
            label={t(`${B}.to`)}
            attribute={attribute}
            condition={trigger.to}
            members={board.members}
            context={board.context}
            problem={problems.get('trigger.to')}
            onChange={(to) => onChange({ ...trigger, to })}
          />
        </>
      )}
      {trigger.kind === 'schedule' && (
        <ScheduleFields
          schedule={trigger.schedule}
          board={board}
          creatorId={creatorId}
          problems={problems}
          onChange={(schedule) => onChange({ ...trigger, schedule })}
        />
      )}
      {trigger.kind === 'date_arrives' && (
        <DateArrivesFields
          trigger={trigger}
          board={board}
          creatorId={creatorId}
          problems={problems}
          onChange={onChange}
        />
      )}
      {'folder_id' in trigger && (
        <SelectField
          label={t(trigger.kind === 'item_moved' ? `${B}.movedTo` : `${B}.inFolder`)}
          value={trigger.folder_id ?? ''}
          options={[{ value: '', label: t(`${B}.anyFolder`) }, ...folderOptions(board)]}
          problem={problems.get('trigger.folder_id')}
          onChange={(folderId) => onChange(setTriggerFolder(trigger, folderId))}
        />
      )}
      {trigger.kind === 'form_submitted' && (
        <FormTriggerField
          trigger={trigger}
          board={board}
          problem={problems.get('trigger.form_id')}
          onChange={onChange}
        />
      )}
    </div>
  );
}
