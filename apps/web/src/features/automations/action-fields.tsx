import { readSettings } from '@strata/domain/attributes/attribute-settings';
import type { Action } from '@strata/domain/automations/recipe';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import styles from './builder.module.css';
import { CheckField, SelectField, TextField } from './builder-fields';
import { nameAttributeOf } from './new-item-draft';
import { NewItemValues } from './new-item-values';
import { PeopleFields } from './people-fields';
import { attributesFor, type ProblemsByPath, setLabelAttribute } from './recipe-draft';
import { PLACEHOLDERS } from './recipe-gallery';
import { SetValueFields } from './set-value-fields';
import { folderOptions } from './trigger-editor';
import type { AutomationBoard } from './use-automation-board';

export interface ActionFieldsProps {
  action: Action;
  /** `actions.{index}`: where recipeProblems reports this action's blanks. */
  path: string;
  board: AutomationBoard;
  problems: ProblemsByPath;
  onChange(action: Action): void;
}

/** The blanks of one action, by its kind. */
export function ActionFields({ action, path, board, problems, onChange }: ActionFieldsProps) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const textHint = t(`${B}.textHint`, PLACEHOLDERS);
  const attributeOptions = (role: 'members' | 'label') =>
    attributesFor(board.attributes, role).map((option) => ({ value: option.id, label: option.name }));
  switch (action.kind) {
    case 'set_value':
      return (
        <SetValueFields action={action} path={path} board={board} problems={problems} onChange={onChange} />
      );
    case 'add_member':
    case 'remove_member':
      return (
        <>
          <SelectField
            label={t(`${B}.attribute`)}
            value={action.attribute_id}
            placeholder={t(`${B}.choose`)}
            options={attributeOptions('members')}
            problem={problems.get(`${path}.attribute_id`)}
            onChange={(id) => onChange({ ...action, attribute_id: id })}
          />
          <PeopleFields
            legend={t(`${B}.people`)}
            userIds={action.user_ids}
            actor={action.actor}
            board={board}
            problem={problems.get(`${path}.user_ids`)}
            onChange={(next) => onChange({ ...action, user_ids: next.userIds, actor: next.actor })}
          />
        </>
      );
    case 'add_label':
    case 'remove_label': {
      const attribute = board.attributes.find((candidate) => candidate.id === action.attribute_id);
      return (
        <>
          <SelectField
            label={t(`${B}.attribute`)}
            value={action.attribute_id}
            placeholder={t(`${B}.choose`)}
            options={attributeOptions('label')}
            problem={problems.get(`${path}.attribute_id`)}
            onChange={(id) => onChange(setLabelAttribute(action, id))}
          />
          <SelectField
            label={t(`${B}.label`)}
            value={action.label_id}
            placeholder={t(`${B}.choose`)}
            options={
              attribute?.type === 'label'
                ? readSettings('label', attribute.settings).labels.map((label) => ({
                    value: label.id,
                    label: label.name,
                  }))
                : []
            }
            problem={problems.get(`${path}.label_id`)}
            onChange={(labelId) => onChange({ ...action, label_id: labelId })}
          />
        </>
      );
    }
    case 'move_to_folder':
      return (
        <SelectField
          label={t(`${B}.folder`)}
          value={action.folder_id}
          placeholder={t(`${B}.choose`)}
          options={folderOptions(board)}
          problem={problems.get(`${path}.folder_id`)}
          onChange={(folderId) => onChange({ ...action, folder_id: folderId })}
        />
      );
    case 'create_item':
      return (
        <CreateItemFields action={action} path={path} board={board} problems={problems} onChange={onChange} />
      );
    case 'duplicate_item':
      return (
        <SelectField
          label={t(`${B}.folder`)}
          value={action.folder_id ?? ''}
          options={[{ value: '', label: t(`${B}.sameFolder`) }, ...folderOptions(board)]}
          problem={problems.get(`${path}.folder_id`)}
          onChange={(folderId) => onChange({ ...action, folder_id: folderId })}
        />
      );
    case 'delete_item':
      return <p className="visually-hidden">{t(`${B}.deleteHint`)}</p>;
    case 'add_comment':
      return (
        <>
          <TextField
            label={t(`${B}.commentText`)}
            multiline
            value={action.text}
            hint={textHint}
            problem={problems.get(`${path}.text`)}
            onChange={(text) => onChange({ ...action, text })}
          />
          <PeopleFields
            legend={t(`${B}.mentions`)}
            userIds={action.mention_user_ids}
            board={board}
            onChange={(next) => onChange({ ...action, mention_user_ids: next.userIds })}
          />
        </>
      );
    case 'notify':
      return (
        <>
          <PeopleFields
            legend={t(`${B}.recipients`)}
            userIds={action.to.user_ids}
            actor={action.to.actor}
            attributeIds={action.to.attribute_ids}
            board={board}
            problem={problems.get(`${path}.to`)}
            onChange={(next) =>
              onChange({
                ...action,
                to: { user_ids: next.userIds, actor: next.actor, attribute_ids: next.attributeIds },
              })
            }
          />
          <TextField
            label={t(`${B}.message`)}
            multiline
            value={action.message}
            hint={textHint}
            problem={problems.get(`${path}.message`)}
            onChange={(message) => onChange({ ...action, message })}
          />
          <CheckField
            label={t(`${B}.byEmail`)}
            checked={action.email}
            onChange={(email) => onChange({ ...action, email })}
          />
        </>
      );
    case 'send_email':
      return (
        <>
          <TextField
            label={t(`${B}.emailTo`)}
            type="email"
            value={action.to}
            problem={problems.get(`${path}.to`)}
            onChange={(to) => onChange({ ...action, to })}
          />
          <TextField
            label={t(`${B}.subject`)}
            value={action.subject}
            hint={textHint}
            problem={problems.get(`${path}.subject`)}
            onChange={(subject) => onChange({ ...action, subject })}
          />
          <TextField
            label={t(`${B}.body`)}
            multiline
            value={action.body}
            problem={problems.get(`${path}.body`)}
            onChange={(body) => onChange({ ...action, body })}
          />
        </>
      );
    case 'call_webhook':
      return (
        <WebhookField action={action} path={path} board={board} problems={problems} onChange={onChange} />
      );
  }
}

/**
 * The webhook the item is sent to: one of the board's, by its address, paused and switched-off
 * ones marked (nothing reaches them until they are on again).
 * A board without webhooks says so and leads to the developer screen that makes one for it.
 */
function WebhookField({
  action,
  path,
  board,
  problems,
  onChange,
}: ActionFieldsProps & { action: Extract<Action, { kind: 'call_webhook' }> }) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const isEmpty = board.isLoaded && board.hooks.length === 0;
  return (
    <>
      <SelectField
        label={t(`${B}.webhook`)}
        value={action.hook_id}
        placeholder={t(`${B}.choose`)}
        options={board.hooks.map((hook) => ({
          value: hook.id,
          label: hook.enabled
            ? hook.url
            : t(hook.off_reason ? `${B}.hookOff` : `${B}.hookPaused`, { url: hook.url }),
        }))}
        hint={isEmpty ? t(`${B}.noHooks`) : undefined}
        // Until the webhooks are in, a chosen one not among them may only be still to come.
        problem={board.isLoaded ? problems.get(`${path}.hook_id`) : undefined}
        onChange={(hookId) => onChange({ ...action, hook_id: hookId })}
      />
      {isEmpty && (
        <p className={styles.hint}>
          <Link
            to={`/profile/developer/hooks?team=${board.teamId}&board=${encodeURIComponent(board.boardId)}`}
          >
            {t(`${B}.makeHook`)}
          </Link>
        </p>
      )}
    </>
  );
}

/**
 * A new item: in a folder or as a subitem of the item, with a name (the board's name attribute)
 * and further values.
 */
function CreateItemFields({
  action,
  path,
  board,
  problems,
  onChange,
}: ActionFieldsProps & { action: Extract<Action, { kind: 'create_item' }> }) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const nameAttribute = nameAttributeOf(board.attributes);
  const named = action.values.find((value) => value.attribute_id === nameAttribute?.id);
  const name = named?.value.kind === 'fixed' && typeof named.value.data === 'string' ? named.value.data : '';
  return (
    <>
      <CheckField
        label={t(`${B}.asSubitem`)}
        checked={action.as_subitem}
        onChange={(asSubitem) => onChange({ ...action, as_subitem: asSubitem })}
      />
      {!action.as_subitem && (
        <SelectField
          label={t(`${B}.folder`)}
          value={action.folder_id}
          placeholder={t(`${B}.choose`)}
          options={folderOptions(board)}
          problem={problems.get(`${path}.folder_id`)}
          onChange={(folderId) => onChange({ ...action, folder_id: folderId })}
        />
      )}
      {nameAttribute && (
        <TextField
          label={t(`${B}.newItemName`)}
          value={name}
          onChange={(text) => {
            const others = action.values.filter((value) => value.attribute_id !== nameAttribute.id);
            onChange({
              ...action,
              values:
                text === ''
                  ? others
                  : [{ attribute_id: nameAttribute.id, value: { kind: 'fixed', data: text } }, ...others],
            });
          }}
        />
      )}
      <NewItemValues
        action={action}
        path={path}
        board={board}
        problems={problems}
        nameId={nameAttribute?.id}
        onChange={onChange}
      />
    </>
  );
}
