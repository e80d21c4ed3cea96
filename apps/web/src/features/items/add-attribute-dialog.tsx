import type { Attribute } from '@strata/contracts/items';
import { ATTRIBUTE_TYPES, type AttributeType } from '@strata/domain/attributes/attribute-types';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { createAttribute } from '../../lib/items/item-writes';
import type { attributesStore } from '../../lib/items/items-store';
import { Button } from '../../ui/button';
import { Dropdown } from '../../ui/dropdown';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import styles from './folder-items.module.css';

/**
 * A new column of the board: a name and one of the attribute types. The name defaults to the
 * type's name; the server's checks (one per board for some types, no two of one name and type)
 * come back as the catalogue's messages. A type with settings (labels, formula, ...) goes on to
 * "Edit column" through onCreated.
 */
export function AddAttributeDialog({
  open,
  onOpenChange,
  store,
  teamId,
  boardId,
  existing,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  store: ReturnType<typeof attributesStore>;
  teamId: number;
  boardId: string;
  existing: readonly Attribute[];
  /** The new attribute, once saved (the page opens its settings when its type has some). */
  onCreated?(attribute: Attribute): void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<AttributeType>('text');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typeName = (value: AttributeType) => t(`items.types.${value}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const first = !existing.some(
        (attribute) => attribute.type === 'text' && attribute.settings.primary === true,
      );
      const created = await createAttribute(store, {
        teamId,
        boardId,
        type,
        name: name.trim() || typeName(type),
        settings: type === 'text' && first ? { primary: true } : {},
      });
      setName('');
      onOpenChange(false);
      onCreated?.(created);
    } catch (caught) {
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('items.attributeDialogTitle')}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        {error && <Notice tone="error">{error}</Notice>}
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t('items.attributeType')}</span>
          <Dropdown<AttributeType>
            label={t('items.attributeType')}
            searchable
            options={ATTRIBUTE_TYPES.map((value) => ({ value, label: typeName(value) }))}
            value={type}
            onChange={setType}
          />
        </div>
        <TextField
          label={t('items.attributeName')}
          value={name}
          placeholder={typeName(type)}
          maxLength={255}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" busy={busy}>
          {t('items.create')}
        </Button>
      </form>
    </Modal>
  );
}
