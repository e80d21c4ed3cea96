import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { Pencil } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CellValue, cellTypeOf } from '../views';
import styles from './builder.module.css';
import { ProblemText } from './builder-fields';
import type { AutomationBoard } from './use-automation-board';

/**
 * A set-value action's fixed value, given through the attribute type's own cell editor (as in the
 * item panel): the value drawn by its type, and an Edit button that opens the editor in place;
 * a checkbox or a rating is changed directly.
 */
export function FixedValueField({
  attribute,
  data,
  board,
  problem,
  onChange,
}: {
  attribute: AttributeDefinition;
  data: unknown;
  board: AutomationBoard;
  problem?: string;
  onChange(data: unknown): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [isEditing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const type = cellTypeOf(attribute.type);
  const isDirect = attribute.type === 'checkbox' || attribute.type === 'rating';
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <fieldset className={styles.group} aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend className={styles.label}>{t('views.automations.builder.fixedValue')}</legend>
      <div className={styles.value}>
        {isEditing && type.Edit ? (
          <type.Edit
            attribute={attribute}
            data={data ?? null}
            context={board.context}
            members={board.members}
            onCommit={(next, options) => {
              onChange(next);
              if (!options?.keepOpen) close();
            }}
            onCancel={close}
          />
        ) : (
          <>
            <span className={styles.shown}>
              <CellValue
                attribute={attribute}
                data={data ?? null}
                context={board.context}
                members={board.members}
                variant="panel"
                onChange={isDirect ? onChange : undefined}
              />
            </span>
            {!isDirect && type.Edit && (
              <button
                ref={editButton}
                type="button"
                className={styles.iconButton}
                aria-label={t('views.automations.builder.editValue', { name: attribute.name })}
                onClick={() => setEditing(true)}
              >
                <Pencil size={14} aria-hidden="true" />
              </button>
            )}
          </>
        )}
      </div>
      <ProblemText id={`${id}-problem`} code={problem} />
    </fieldset>
  );
}
