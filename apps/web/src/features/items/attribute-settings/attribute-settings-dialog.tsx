import type { Attribute } from '@strata/contracts/items';
import { validateAttributeDefinition } from '@strata/domain/attributes/attribute-definition';
import type { ValueError } from '@strata/domain/attributes/value-errors';
import { HttpError } from '@strata/sync/http-client';
import type { RecordStore } from '@strata/sync/records/record-types';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { errorMessage } from '../../../lib/errors';
import { updateAttribute } from '../../../lib/items/item-writes';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { Notice } from '../../../ui/notice';
import { TextField } from '../../../ui/text-field';
import { valueErrorText } from '../../views';
import { useDeleteAttribute } from '../use-delete-attribute';
import styles from './attribute-settings.module.css';
import { draftOf, isSettingsEditable, type SettingsDraft } from './settings-draft';
import { TypeSettingsFields } from './type-settings-fields';

export interface AttributeSettingsDialogProps {
  onClose(): void;
  attribute: Attribute;
  /** The board's live attributes (the formula's names, the name checks). */
  attributes: readonly Attribute[];
  /** The workspace's boards, for a reference's target board. */
  boards: readonly { id: string; name: string }[];
  store: RecordStore<Attribute>;
}

interface Problem {
  path: string;
  text: string;
}

// Problems at these paths are shown under their field; the others in the notice above.
const INLINE =
  /^(name|settings\.(labels\.\d+\.name|formula|(numberFormat\.)?(decimals|currency)|min|max|padding|prefix|label|action\.url))$/;

/**
 * "Edit column": the attribute's name and its type's settings, saved in one PUT (compare-and-set;
 * shown at once). The domain's checks run first, in the user's language; the server's refusals
 * keep the dialog open with their message. The name attribute keeps its settings: only its name
 * changes, and it cannot be deleted.
 */
export function AttributeSettingsDialog({
  onClose,
  attribute,
  attributes,
  boards,
  store,
}: AttributeSettingsDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(attribute.name);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(attribute, attributes));
  const [problems, setProblems] = useState<Problem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = useDeleteAttribute(store);
  const isEditable = isSettingsEditable(attribute);
  const toProblems = (errors: readonly ValueError[]) =>
    errors.map((error) => ({ path: error.path ?? '', text: valueErrorText(t, error) }));
  const errorAt = (path: string) => problems.find((problem) => problem.path === path)?.text;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateAttributeDefinition(
      { id: attribute.id, name, type: attribute.type, settings: isEditable ? draft : attribute.settings },
      attributes,
    );
    if (!checked.ok) {
      setProblems(toProblems(checked.errors));
      return;
    }
    setProblems([]);
    setBusy(true);
    try {
      await updateAttribute(store, attribute, {
        name: checked.data.name,
        settings: isEditable ? (checked.data.settings as Record<string, unknown>) : attribute.settings,
      });
      onClose();
    } catch (caught) {
      const coded = caught instanceof HttpError ? (caught.errors ?? []).filter((e) => e.code) : [];
      if (coded.length > 0) setProblems(toProblems(coded as ValueError[]));
      else setFailure(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const handleDelete = async () => {
    setFailure(null);
    try {
      if (await remove(attribute)) onClose();
    } catch (caught) {
      setFailure(errorMessage(caught, t));
    }
  };

  const elsewhere = problems.filter((problem) => !INLINE.test(problem.path));
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('views.column.edit')}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {failure && <Notice tone="error">{failure}</Notice>}
        {elsewhere.length > 0 && <Notice tone="error">{elsewhere.map((p) => p.text).join(' ')}</Notice>}
        <TextField
          label={t('items.attributeName')}
          value={name}
          maxLength={255}
          error={errorAt('name')}
          onChange={(event) => setName(event.target.value)}
        />
        <p className={styles.typeLine}>
          <span>{t('items.attributeType')}:</span>
          <strong>{t(`items.types.${attribute.type}`)}</strong>
        </p>
        {isEditable ? (
          <TypeSettingsFields
            type={attribute.type}
            attributeId={attribute.id}
            draft={draft}
            onChange={setDraft}
            errorAt={errorAt}
            attributes={attributes}
            boards={boards}
          />
        ) : (
          <p className={styles.hint}>{t('items.settings.nameColumnHint')}</p>
        )}
        <div className={styles.actions}>
          {isEditable && (
            <Button variant="danger" onClick={handleDelete} disabled={busy}>
              {t('views.column.delete')}
            </Button>
          )}
          <div className={styles.actionsEnd}>
            <Button variant="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('common.save')}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
