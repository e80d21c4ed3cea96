import type { Action, ActionKind } from '@strata/domain/automations/recipe';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import { ActionFields } from './action-fields';
import styles from './builder.module.css';
import { ProblemText } from './builder-fields';
import { ACTION_KINDS, canAddAction, moveEntry, newAction, type ProblemsByPath } from './recipe-draft';
import type { AutomationBoard } from './use-automation-board';

/** An action with a key of its own for React: actions have no id and are reordered. */
export interface ActionDraft {
  key: number;
  action: Action;
}

type Focus = { key: number; control: 'up' | 'down' } | null;

/**
 * The recipe's actions in order: each with its kind and its blanks, moved up or down by its
 * buttons (the focus stays on the button pressed, so the keyboard can go on moving it) and removed;
 * a new one is added at the end.
 */
export function ActionList({
  drafts,
  board,
  problems,
  onChange,
  newKey,
}: {
  drafts: readonly ActionDraft[];
  board: AutomationBoard;
  problems: ProblemsByPath;
  onChange(drafts: ActionDraft[]): void;
  newKey(): number;
}) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const [adding, setAdding] = useState<ActionKind>('set_value');
  const [focus, setFocus] = useState<Focus>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (!focus) return;
    const button = buttons.current.get(`${focus.key}:${focus.control}`);
    // At an end the button is disabled: the other one takes the focus.
    const other = buttons.current.get(`${focus.key}:${focus.control === 'up' ? 'down' : 'up'}`);
    (button && !button.disabled ? button : other)?.focus();
    setFocus(null);
  }, [focus]);
  const register = (key: string) => (node: HTMLButtonElement | null) => {
    if (node) buttons.current.set(key, node);
    else buttons.current.delete(key);
  };

  const replace = (index: number, action: Action) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, action } : draft)));
  const move = (index: number, by: -1 | 1) => {
    const moved = drafts[index];
    if (!moved) return;
    onChange(moveEntry(drafts, index, by));
    setFocus({ key: moved.key, control: by < 0 ? 'up' : 'down' });
  };

  return (
    <div className={styles.actions}>
      <ProblemText id="automation-actions-problem" code={problems.get('actions')} />
      <ol className={styles.actionList}>
        {drafts.map((draft, index) => {
          const path = `actions.${index}`;
          const label = t(`${B}.actionN`, { n: index + 1 });
          return (
            <li key={draft.key} className={styles.actionCard} aria-label={label}>
              <div className={styles.actionHeader}>
                <span className={styles.actionNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <select
                  className={styles.control}
                  aria-label={t(`${B}.actionKind`, { n: index + 1 })}
                  value={draft.action.kind}
                  onChange={(event) => replace(index, newAction(event.target.value as ActionKind))}
                >
                  {ACTION_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`views.automations.actions.${kind}`)}
                    </option>
                  ))}
                </select>
                <span className={styles.actionTools}>
                  <button
                    ref={register(`${draft.key}:up`)}
                    type="button"
                    className={styles.iconButton}
                    aria-label={t(`${B}.moveUp`, { n: index + 1 })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp size={16} aria-hidden="true" />
                  </button>
                  <button
                    ref={register(`${draft.key}:down`)}
                    type="button"
                    className={styles.iconButton}
                    aria-label={t(`${B}.moveDown`, { n: index + 1 })}
                    disabled={index === drafts.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown size={16} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={t(`${B}.removeAction`, { n: index + 1 })}
                    onClick={() => onChange(drafts.filter((other) => other.key !== draft.key))}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                </span>
              </div>
              <div className={styles.fields}>
                <ActionFields
                  action={draft.action}
                  path={path}
                  board={board}
                  problems={problems}
                  onChange={(action) => replace(index, action)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {canAddAction(drafts.map((draft) => draft.action)) && (
        <div className={styles.row}>
          <select
            className={styles.control}
            aria-label={t(`${B}.newActionKind`)}
            value={adding}
            onChange={(event) => setAdding(event.target.value as ActionKind)}
          >
            {ACTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`views.automations.actions.${kind}`)}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            onClick={() => onChange([...drafts, { key: newKey(), action: newAction(adding) }])}
          >
            <Plus size={16} aria-hidden="true" />
            {t(`${B}.addAction`)}
          </Button>
        </div>
      )}
    </div>
  );
}
