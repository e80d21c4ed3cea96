import { Plus, Webhook } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { RowList } from '../../ui/row-list';
import { PageSpinner } from '../../ui/spinner';
import styles from './developer.module.css';
import { HookRow } from './hook-row';
import { NewHookDialog } from './new-hook-dialog';
import type { NewHookStart } from './new-hook-form';
import { useMyHooks } from './use-hooks';

/** The query the board page's "Webhooks" link sends: the dialog opens on that workspace and board. */
const TEAM_QUERY = 'team';
const BOARD_QUERY = 'board';

/**
 * profile/developer/hooks: the hooks the person made, in every workspace, and "New webhook".
 * `?team=&board=` opens the dialog with them chosen, and is taken off the address.
 */
export function HooksPage() {
  const { t } = useTranslation();
  const hooks = useMyHooks();
  // Each opening starts a new form (and a new id for the hook).
  const [dialog, setDialog] = useState<{ open: boolean; session: number; start: NewHookStart }>({
    open: false,
    session: 0,
    start: {},
  });
  const [query, setQuery] = useSearchParams();
  const askedTeam = query.get(TEAM_QUERY);
  const askedBoard = query.get(BOARD_QUERY);
  useEffect(() => {
    if (askedTeam === null && askedBoard === null) return;
    const teamId = Number(askedTeam);
    setDialog((current) => ({
      open: true,
      session: current.session + 1,
      start: {
        teamId: Number.isInteger(teamId) && teamId > 0 ? teamId : undefined,
        boardId: askedBoard ?? undefined,
      },
    }));
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TEAM_QUERY);
        next.delete(BOARD_QUERY);
        return next;
      },
      { replace: true },
    );
  }, [askedTeam, askedBoard, setQuery]);

  const handleNew = () => setDialog((current) => ({ open: true, session: current.session + 1, start: {} }));
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <div className={styles.headingText}>
          <h1>{t('developer.hooks.title')}</h1>
          <p>{t('developer.hooks.subtitle')}</p>
        </div>
        <Button onClick={handleNew} aria-haspopup="dialog">
          <Plus size={16} aria-hidden="true" />
          {t('developer.hooks.new')}
        </Button>
      </header>
      {hooks.isPending ? (
        <PageSpinner label={t('app.loading')} />
      ) : hooks.error ? (
        <Notice tone="error">{`${t('developer.hooks.loadFailed')} ${errorMessage(hooks.error, t)}`}</Notice>
      ) : hooks.data.length === 0 ? (
        <div className={styles.empty}>
          <Webhook size={24} aria-hidden="true" />
          <strong>{t('developer.hooks.empty')}</strong>
          <p>{t('developer.hooks.emptyHint')}</p>
        </div>
      ) : (
        <RowList aria-label={t('developer.hooks.listLabel')}>
          {hooks.data.map((hook) => (
            <HookRow key={hook.id} hook={hook} />
          ))}
        </RowList>
      )}
      {dialog.session > 0 && (
        <NewHookDialog
          key={dialog.session}
          open={dialog.open}
          start={dialog.start}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        />
      )}
    </div>
  );
}
