import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { useItemTitles } from '../../lib/items/item-titles';
import styles from './manage.module.css';
import { runResultText } from './run-text';
import { useAutomationRuns } from './use-automations';

/** An automation's last runs: when, on which item (when it is on this board), and what came of it. */
export function AutomationRuns({
  teamId,
  boardId,
  automationId,
}: {
  teamId: number;
  boardId: string;
  automationId: string;
}) {
  const { t, i18n } = useTranslation();
  const runs = useAutomationRuns(teamId, automationId, true);
  const itemIds = [...new Set((runs.data ?? []).flatMap((run) => (run.item_id ? [run.item_id] : [])))];
  const titleOf = useItemTitles(teamId, itemIds);
  if (runs.isPending) return <p className={styles.muted}>{t('app.loading')}</p>;
  if (runs.error) return <p className={styles.muted}>{errorMessage(runs.error, t)}</p>;
  if (runs.data.length === 0) return <p className={styles.muted}>{t('views.automations.runs.none')}</p>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className={styles.runs}>
      {runs.data.map((run) => {
        const title = run.item_id ? titleOf(run.item_id) : undefined;
        const isOnBoard = title && title.board_id === boardId;
        return (
          <li key={run.id} className={styles.run}>
            <time dateTime={run.created_at} className={styles.runTime}>
              {when.format(new Date(run.created_at))}
            </time>
            {isOnBoard && (
              <bdi className={styles.runItem}>{title.title || t('views.automations.runs.untitled')}</bdi>
            )}
            <span className={styles[`state_${run.state}`]}>{runResultText(run, t)}</span>
          </li>
        );
      })}
    </ul>
  );
}
