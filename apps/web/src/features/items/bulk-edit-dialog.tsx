import { isUserEditable } from '@strata/domain/attributes/attribute-types';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import { Dropdown } from '../../ui/dropdown';
import { Modal } from '../../ui/modal';
import { CellValue, cellTypeOf, type ViewMember } from '../views';
import styles from './bulk-actions.module.css';

/**
 * Attributes a bulk edit may set: the types users write (not computed or read-only ones) that
 * have an editor or a toggle. Attachments are left out: a file is uploaded for one item.
 */
export function isBulkEditable(attribute: AttributeDefinition): boolean {
  if (!isUserEditable(attribute.type) || attribute.type === 'attachments') return false;
  const type = cellTypeOf(attribute.type);
  return type.Edit !== undefined || type.toggle !== undefined;
}

/**
 * "Edit…": pick one of the board's attributes, then a value with that type's editor from the cell
 * registry (validated as in the table); Apply sets it on the `count` selected items at once.
 */
export function BulkEditDialog({
  open,
  onOpenChange,
  attributes,
  count,
  context,
  members,
  onApply,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  attributes: readonly AttributeDefinition[];
  count: number;
  context: ValueContext;
  members: readonly ViewMember[];
  onApply(attributeId: string, data: unknown): void;
}) {
  const { t } = useTranslation();
  const choices = useMemo(() => attributes.filter(isBulkEditable), [attributes]);
  const [attributeId, setAttributeId] = useState<string | null>(null);
  /** The value to set; undefined until one is chosen (null clears the value). */
  const [value, setValue] = useState<unknown>(undefined);
  const [isEditing, setEditing] = useState(false);
  const attribute = choices.find((candidate) => candidate.id === attributeId);
  const type = attribute ? cellTypeOf(attribute.type) : undefined;

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setAttributeId(null);
      setValue(undefined);
      setEditing(false);
    }
    onOpenChange(next);
  };
  const pickAttribute = (id: string) => {
    const picked = choices.find((candidate) => candidate.id === id);
    setAttributeId(id);
    // A toggled type (checkbox) starts unticked, a value like any other; others start unchosen.
    const toggled = picked && !cellTypeOf(picked.type).Edit;
    setValue(toggled ? null : undefined);
    setEditing(!toggled);
  };
  const apply = () => {
    if (!attribute || value === undefined) return;
    onApply(attribute.id, value);
    handleOpenChange(false);
  };

  return (
    <Modal open={open} onOpenChange={handleOpenChange} title={t('items.bulkEditTitle', { count })}>
      <div className={styles.form}>
        {choices.length === 0 ? (
          <p className={styles.muted}>{t('items.bulkEditNoAttributes')}</p>
        ) : (
          <div className={styles.field}>
            <span className={styles.fieldLabel}>{t('items.bulkEditAttribute')}</span>
            <Dropdown
              label={t('items.bulkEditAttribute')}
              options={choices.map((choice) => ({ value: choice.id, label: choice.name }))}
              value={attributeId}
              onChange={pickAttribute}
              searchable={choices.length > 8}
            />
          </div>
        )}
        {attribute && type && (
          <fieldset className={`${styles.field} ${styles.fieldset}`}>
            <legend className={styles.fieldLabel}>{t('items.bulkEditValue')}</legend>
            <div className={styles.value}>
              {isEditing && type.Edit ? (
                <type.Edit
                  attribute={attribute}
                  data={value ?? null}
                  context={context}
                  members={members}
                  onCommit={(next, options) => {
                    setValue(next);
                    if (!options?.keepOpen) setEditing(false);
                  }}
                  onCancel={() => setEditing(false)}
                />
              ) : (
                <>
                  <span className={styles.shown}>
                    {value === undefined ? (
                      <span className={styles.muted}>{t('items.bulkEditNoValue')}</span>
                    ) : value === null && type.Edit ? (
                      <span className={styles.muted}>{t('items.bulkEditEmpty')}</span>
                    ) : (
                      <CellValue
                        attribute={attribute}
                        data={value}
                        context={context}
                        members={members}
                        onChange={type.Edit ? undefined : setValue}
                      />
                    )}
                  </span>
                  {type.Edit && (
                    <Button variant="secondary" onClick={() => setEditing(true)}>
                      {t('items.bulkEditChange')}
                    </Button>
                  )}
                </>
              )}
            </div>
          </fieldset>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => handleOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!attribute || value === undefined} onClick={apply}>
            {t('items.bulkEditApply', { count })}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
