import type { Automation } from '@strata/contracts/automations';
import { ChevronDown, Copy, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { useConfirm } from '../../ui/confirm';
import switchStyles from '../../ui/switch.module.css';
import { AutomationRuns } from './automation-runs';
import styles from './manage.module.css';
import { recipeSentence } from './recipe-sentence';
import { RecipeSentenceView } from './recipe-sentence-view';
import type { AutomationBoard } from './use-automation-board';
import { saveBodyOf, useAutomationWrites } from './use-automations';

/**
 * One of the board's automations: its name and sentence, its switch (a refused switch-on says
 * why), why the server switched it off, its runs, and edit, duplicate, delete and its last runs.
 */
export function AutomationCard({
  automation,
  board,
  onEdit,
}: {
  automation: Automation;
  board: AutomationBoard;
  onEdit(automation: Automation): void;
}) {
  const { t } = useTranslation();
  const M = 'views.automations.manage';
  const id = useId();
  const confirm = useConfirm();
  const { save, remove } = useAutomationWrites(board.teamId, board.boardId);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<boolean | null>(null);
  const [showsRuns, setShowsRuns] = useState(false);
  const isOn = pending ?? automation.enabled;
  const parts = recipeSentence(automation.recipe, board.names, t);

  const handleSwitch = (enabled: boolean) => {
    setError(null);
    setPending(enabled);
    save.mutate(
      { id: automation.id, body: saveBodyOf(automation, { enabled }) },
      {
        onError: (caught) => setError(errorMessage(caught, t)),
        onSettled: () => setPending(null),
      },
    );
  };
  const handleDuplicate = () => {
    setError(null);
    save.mutate(
      {
        id: crypto.randomUUID(),
        body: saveBodyOf(automation, {
          name: t(`${M}.copyOf`, { name: automation.name }).slice(0, 255),
          enabled: false,
          row_version: 1,
        }),
      },
      { onError: (caught) => setError(errorMessage(caught, t)) },
    );
  };
  const handleDelete = async () => {
    const sure = await confirm({
      title: t(`${M}.deleteTitle`),
      body: t(`${M}.deleteBody`, { name: automation.name }),
      action: t(`${M}.deleteAction`),
    });
    if (sure) remove.mutate(automation.id, { onError: (caught) => setError(errorMessage(caught, t)) });
  };

  return (
    <li className={styles.card} aria-labelledby={`${id}-name`}>
      <div className={styles.cardHeader}>
        <h3 id={`${id}-name`} className={styles.name} dir="auto">
          {automation.name}
        </h3>
        <label className={`${switchStyles.switch} ${styles.switchText}`}>
          <input
            type="checkbox"
            role="switch"
            checked={isOn}
            aria-checked={isOn}
            aria-label={automation.name}
            aria-describedby={error ? `${id}-error` : undefined}
            disabled={save.isPending}
            onChange={(event) => handleSwitch(event.currentTarget.checked)}
          />
          <span aria-hidden="true">{t(isOn ? `${M}.on` : `${M}.off`)}</span>
        </label>
      </div>
      <RecipeSentenceView parts={parts} emptyLabel={t('views.automations.blank.toFill')} />
      {!automation.enabled && automation.off_reason && (
        <p className={styles.warning}>{t(`${M}.offReasons.${automation.off_reason}`)}</p>
      )}
      {automation.problems.length > 0 && <p className={styles.warning}>{t(`${M}.hasProblems`)}</p>}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.muted}>
        {t(`${M}.runCounts`, { month: automation.runs_this_month, total: automation.runs_total })}
      </p>
      <div className={styles.tools}>
        <button type="button" className={styles.tool} onClick={() => onEdit(automation)}>
          <Pencil size={14} aria-hidden="true" />
          {t('common.edit')}
        </button>
        <button type="button" className={styles.tool} onClick={handleDuplicate} disabled={save.isPending}>
          <Copy size={14} aria-hidden="true" />
          {t(`${M}.duplicate`)}
        </button>
        <button type="button" className={styles.tool} onClick={handleDelete}>
          <Trash2 size={14} aria-hidden="true" />
          {t(`${M}.delete`)}
        </button>
        <button
          type="button"
          className={styles.tool}
          aria-expanded={showsRuns}
          aria-controls={`${id}-runs`}
          onClick={() => setShowsRuns((shown) => !shown)}
        >
          <ChevronDown size={14} aria-hidden="true" className={showsRuns ? styles.turned : undefined} />
          {t(`${M}.lastRuns`)}
        </button>
      </div>
      <div id={`${id}-runs`} hidden={!showsRuns}>
        {showsRuns && (
          <AutomationRuns teamId={board.teamId} boardId={board.boardId} automationId={automation.id} />
        )}
      </div>
    </li>
  );
}
