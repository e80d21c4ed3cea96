import type { Automation } from '@strata/contracts/automations';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { AutomationCard } from './automation-card';
import styles from './manage.module.css';
import { useAutomationBoard } from './use-automation-board';
import { useBoardAutomations } from './use-automations';

/** The board's automations, oldest first. */
export function ManageTab({ onEdit, onBrowse }: { onEdit(automation: Automation): void; onBrowse(): void }) {
  const { t } = useTranslation();
  const board = useAutomationBoard();
  const list = useBoardAutomations(board.teamId, board.boardId);
  if (list.isPending) return <p className={styles.muted}>{t('app.loading')}</p>;
  if (list.error) return <p className={styles.error}>{errorMessage(list.error, t)}</p>;
  if (list.data.length === 0)
    return (
      <div className={styles.empty}>
        <p className={styles.muted}>{t('views.automations.manage.empty')}</p>
        <Button variant="secondary" onClick={onBrowse}>
          {t('views.automations.manage.browse')}
        </Button>
      </div>
    );
  return (
    <ul className={styles.list} aria-label={t('views.automations.manage.label')}>
      {list.data.map((automation) => (
        <AutomationCard key={automation.id} automation={automation} board={board} onEdit={onEdit} />
      ))}
    </ul>
  );
}
