import type { Action } from '@strata/domain/automations/recipe';
import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import styles from './builder.module.css';
import { SelectField } from './builder-fields';
import {
  addNewItemValue,
  canAddNewItemValue,
  newItemValueChoices,
  newItemValueKinds,
  removeNewItemValue,
  setNewItemValue,
  setNewItemValueAttribute,
} from './new-item-draft';
import type { ProblemsByPath } from './recipe-draft';
import { ValueSourceFields } from './set-value-fields';
import type { AutomationBoard } from './use-automation-board';

type CreateItem = Extract<Action, { kind: 'create_item' }>;

/** Where the focus goes after a change: a value's attribute, the attribute of the one being added, "Add a value". */
type Focus = { to: 'value'; attributeId: string } | { to: 'adding' } | { to: 'add' } | null;
const ADDING = '';

/**
 * A created item's values besides its name: each an attribute (one a user writes, not given a
 * value yet) and what it is set to, through the fields of a set-value action. "Add a value" asks
 * for the attribute first: a value enters the recipe once it has one. The focus follows the
 * keyboard: onto the attribute of a value added, onto "Add a value" after a removal.
 */
export function NewItemValues({
  action,
  path,
  board,
  problems,
  nameId,
  onChange,
}: {
  action: CreateItem;
  /** `actions.{index}`: the values' problems are at `{path}.values.{n}`. */
  path: string;
  board: AutomationBoard;
  problems: ProblemsByPath;
  /** The name's attribute: it has a field of its own. */
  nameId: string | undefined;
  onChange(action: Action): void;
}) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const [isAdding, setAdding] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const selects = useRef(new Map<string, HTMLSelectElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focus) return;
    if (focus.to === 'value') selects.current.get(focus.attributeId)?.focus();
    else if (focus.to === 'add' && addButton.current) addButton.current.focus();
    else selects.current.get(ADDING)?.focus();
    setFocus(null);
  }, [focus]);
  const register = (key: string) => (node: HTMLSelectElement | null) => {
    if (node) selects.current.set(key, node);
    else selects.current.delete(key);
  };
  const choices = (ownId?: string) =>
    newItemValueChoices(board.attributes, action, nameId, ownId).map((attribute) => ({
      value: attribute.id,
      label: attribute.name,
    }));
  const attributeOf = (id: string | null) => board.attributes.find((attribute) => attribute.id === id);
  const seen = new Set<string>();
  const rows = action.values
    .map((value, index) => ({ value, index }))
    .filter(({ value }) => value.attribute_id !== nameId);
  const canAdd = canAddNewItemValue(board.attributes, action, nameId);
  if (rows.length === 0 && !isAdding && !canAdd) return null;

  return (
    <fieldset className={styles.group}>
      <legend className={styles.label}>{t(`${B}.newItemValues`)}</legend>
      {(rows.length > 0 || isAdding) && (
        <ul className={styles.valueList}>
          {rows.map(({ value, index }) => {
            const attribute = attributeOf(value.attribute_id);
            const at = `${path}.values.${index}`;
            // Two values of one attribute (saved through the API) still get keys of their own.
            const key = seen.has(value.attribute_id) ? `${value.attribute_id}:${index}` : value.attribute_id;
            seen.add(value.attribute_id);
            return (
              <li key={key} className={styles.valueRow}>
                <div className={styles.fields}>
                  <SelectField
                    label={t(`${B}.attribute`)}
                    value={value.attribute_id}
                    options={choices(value.attribute_id)}
                    problem={problems.get(`${at}.attribute_id`)}
                    selectRef={register(key)}
                    onChange={(id) => {
                      const next = attributeOf(id);
                      if (next) onChange(setNewItemValueAttribute(action, index, next));
                    }}
                  />
                  <ValueSourceFields
                    attribute={attribute}
                    value={value.value}
                    kinds={newItemValueKinds(attribute?.type)}
                    path={at}
                    board={board}
                    problems={problems}
                    onChange={(source) => source && onChange(setNewItemValue(action, index, source))}
                  />
                </div>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t(`${B}.removeValue`, {
                    name: attribute?.name ?? t('views.automations.sentence.missing'),
                  })}
                  onClick={() => {
                    onChange(removeNewItemValue(action, index));
                    setFocus({ to: 'add' });
                  }}
                >
                  <X size={16} aria-hidden="true" />
                </button>
              </li>
            );
          })}
          {isAdding && (
            <li className={styles.valueRow}>
              <div className={styles.fields}>
                <SelectField
                  label={t(`${B}.attribute`)}
                  value={null}
                  placeholder={t(`${B}.choose`)}
                  options={choices()}
                  selectRef={register(ADDING)}
                  onChange={(id) => {
                    const attribute = attributeOf(id);
                    if (!attribute) return;
                    onChange(addNewItemValue(action, attribute));
                    setAdding(false);
                    setFocus({ to: 'value', attributeId: attribute.id });
                  }}
                />
              </div>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t(`${B}.cancelValue`)}
                onClick={() => {
                  setAdding(false);
                  setFocus({ to: 'add' });
                }}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          )}
        </ul>
      )}
      {!isAdding && canAdd && (
        <button
          ref={addButton}
          type="button"
          className={styles.textButton}
          onClick={() => {
            setAdding(true);
            setFocus({ to: 'adding' });
          }}
        >
          <Plus size={14} aria-hidden="true" />
          {t(`${B}.addValue`)}
        </button>
      )}
    </fieldset>
  );
}
