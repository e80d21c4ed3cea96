import type { Automation } from '@strata/contracts/automations';
import type { Recipe, Trigger } from '@strata/domain/automations/recipe';
import { HttpError } from '@strata/sync/http-client';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { type ActionDraft, ActionList } from './action-list';
import styles from './builder.module.css';
import { TextField } from './builder-fields';
import { ConditionsEditor } from './conditions-editor';
import { checkDraft, problemsByPath, serverProblems } from './recipe-draft';
import { recipeSentence, sentenceText } from './recipe-sentence';
import { RecipeSentenceView } from './recipe-sentence-view';
import { TriggerEditor } from './trigger-editor';
import { useAutomationBoard } from './use-automation-board';
import { useAutomationWrites } from './use-automations';

/** What the builder starts from: a gallery recipe (new), or an automation to edit. */
export interface BuilderStart {
  automation?: Automation;
  recipe: Recipe;
  name: string;
  enabled: boolean;
}

/**
 * Makes or edits an automation: its name, the trigger, conditions and ordered actions, with the
 * sentence they make shown live above. A draft with blanks may be saved off; "Save and turn on"
 * waits for every blank (recipeProblems, as the server checks). The server's refusals are shown
 * at their fields.
 */
export function AutomationBuilder({
  start,
  onCancel,
  onSaved,
}: {
  start: BuilderStart;
  onCancel(): void;
  onSaved(automation: Automation): void;
}) {
  const { t } = useTranslation();
  const B = 'views.automations.builder';
  const board = useAutomationBoard();
  const { save } = useAutomationWrites(board.teamId, board.boardId);
  const [id] = useState(() => start.automation?.id ?? crypto.randomUUID());
  const [rowVersion, setRowVersion] = useState(start.automation?.row_version ?? 0);
  const [name, setName] = useState(start.name);
  const [trigger, setTrigger] = useState<Trigger>(start.recipe.trigger);
  const [conditions, setConditions] = useState(start.recipe.conditions);
  const [match, setMatch] = useState(start.recipe.condition_match);
  const keyCounter = useRef(0);
  const newKey = () => ++keyCounter.current;
  const [drafts, setDrafts] = useState<ActionDraft[]>(() =>
    start.recipe.actions.map((action) => ({ key: newKey(), action })),
  );
  const [refused, setRefused] = useState<{ path: string; code: string }[]>([]);
  const [error, setError] = useState<string | null>(null);

  const recipe = useMemo<Recipe>(
    () => ({
      version: 1,
      trigger,
      conditions,
      condition_match: match,
      actions: drafts.map((draft) => draft.action),
    }),
    [trigger, conditions, match, drafts],
  );
  const { shape, blanks } = checkDraft(recipe, board.recipeBoard);
  const problems = problemsByPath([...refused, ...shape, ...blanks]);
  const parts = recipeSentence(recipe, board.names, t);
  const sentence = sentenceText(parts);
  const edited =
    <A extends unknown[]>(set: (...args: A) => void) =>
    (...args: A) => {
      setRefused([]);
      setError(null);
      set(...args);
    };

  const handleSave = (enabled: boolean) => {
    setError(null);
    const body = {
      board_id: board.boardId,
      name: (name.trim() || sentence).slice(0, 255),
      enabled,
      recipe,
      row_version: rowVersion + 1,
    };
    save.mutate(
      { id, body },
      {
        onSuccess: onSaved,
        onError: (caught) => {
          if (caught instanceof HttpError && caught.status === 422 && caught.errors?.length)
            setRefused(serverProblems(caught.errors));
          // Changed elsewhere meanwhile: the next save writes over that copy, on purpose.
          const current =
            caught instanceof HttpError ? (caught.data?.current as Automation | undefined) : undefined;
          if (current) setRowVersion(current.row_version);
          setError(errorMessage(caught, t));
        },
      },
    );
  };

  return (
    <div className={styles.builder}>
      <div className={styles.preview} aria-live="polite">
        <span className={styles.previewLabel}>{t(`${B}.sentence`)}</span>
        <RecipeSentenceView parts={parts} emptyLabel={t('views.automations.blank.toFill')} />
      </div>
      <TextField label={t(`${B}.name`)} value={name} placeholder={sentence} onChange={edited(setName)} />
      <section className={styles.section} aria-labelledby="automation-when">
        <h3 id="automation-when" className={styles.sectionTitle}>
          {t(`${B}.when`)}
        </h3>
        <TriggerEditor
          trigger={trigger}
          board={board}
          creatorId={start.automation?.created_by ?? null}
          problems={problems}
          onChange={edited(setTrigger)}
        />
      </section>
      <section className={styles.section} aria-labelledby="automation-if">
        <h3 id="automation-if" className={styles.sectionTitle}>
          {t(`${B}.if`)}
        </h3>
        <ConditionsEditor
          conditions={conditions}
          match={match}
          board={board}
          problems={problems}
          onChange={edited((next: Recipe['conditions'], nextMatch: Recipe['condition_match']) => {
            setConditions(next);
            setMatch(nextMatch);
          })}
        />
      </section>
      <section className={styles.section} aria-labelledby="automation-then">
        <h3 id="automation-then" className={styles.sectionTitle}>
          {t(`${B}.then`)}
        </h3>
        <ActionList
          drafts={drafts}
          board={board}
          problems={problems}
          onChange={edited(setDrafts)}
          newKey={newKey}
        />
      </section>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {blanks.length > 0 && <p className={styles.hint}>{t(`${B}.incomplete`)}</p>}
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="secondary"
          busy={save.isPending && save.variables?.body.enabled === false}
          disabled={shape.length > 0 || save.isPending}
          onClick={() => handleSave(false)}
        >
          {t(`${B}.saveOff`)}
        </Button>
        <Button
          busy={save.isPending && save.variables?.body.enabled === true}
          disabled={shape.length > 0 || blanks.length > 0 || save.isPending}
          onClick={() => handleSave(true)}
        >
          {t(`${B}.saveOn`)}
        </Button>
      </div>
    </div>
  );
}
