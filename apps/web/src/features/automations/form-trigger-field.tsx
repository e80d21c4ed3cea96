import type { Trigger } from '@strata/domain/automations/recipe';
import { useTranslation } from '../../i18n/use-translation';
import { useFolderViews } from '../../lib/views/use-views';
import { SelectField } from './builder-fields';
import type { AutomationBoard } from './use-automation-board';

type FormSubmitted = Extract<Trigger, { kind: 'form_submitted' }>;

/**
 * A form trigger's form, chosen after its folder: any form, or one of the folder's form views
 * (its tabs of type `form`). Without a folder there is only "any form", unless the recipe names
 * a form anyway (saved through the API): then the board's forms are the choices.
 */
export function FormTriggerField({
  trigger,
  board,
  problem,
  onChange,
}: {
  trigger: FormSubmitted;
  board: AutomationBoard;
  problem?: string;
  onChange(trigger: Trigger): void;
}) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const folderId = trigger.folder_id;
  const views = useFolderViews(board.teamId, board.boardId, folderId ?? undefined);
  if (folderId === null && trigger.form_id === null) return null;
  const forms =
    folderId === null
      ? board.forms
      : (views.data ?? board.forms.filter((form) => form.folder_id === folderId)).filter(
          (view) => view.type === 'form',
        );
  return (
    <SelectField
      label={t(`${B}.form`)}
      value={trigger.form_id ?? ''}
      options={[
        { value: '', label: t(`${B}.anyForm`) },
        ...forms.map((form) => ({ value: form.id, label: form.name })),
      ]}
      hint={
        folderId !== null && views.data !== undefined && forms.length === 0 ? t(`${B}.noForms`) : undefined
      }
      // Until every folder's forms are in, a form not among them may only be still to come.
      problem={board.isLoaded ? problem : undefined}
      onChange={(formId) => onChange({ ...trigger, form_id: formId })}
    />
  );
}
