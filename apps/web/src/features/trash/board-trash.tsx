import type { TrashEntry, TrashRecordRef } from '@strata/contracts/trash';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { Notice } from '../../ui/notice';
import { RowList } from '../../ui/row-list';
import { Spinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import styles from './trash.module.css';
import { TrashRow } from './trash-row';
import { useTrash, useTrashActions } from './use-trash';

const keyOf = (entry: Pick<TrashEntry, 'type' | 'id'>) => `${entry.type}:${entry.id}`;

/**
 * A board's trash: its deleted records, newest first, to select and restore or delete forever
 * (the latter after the confirm dialogue). The server decides who may (MANAGE_TRASH): a refusal
 * shows as its message.
 */
export function BoardTrash({ teamId, boardId }: { teamId: number; boardId: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const trash = useTrash(teamId, boardId);
  const { restore, purge } = useTrashActions(teamId, boardId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const entries = useMemo(() => trash.data?.pages.flatMap((page) => page.data) ?? [], [trash.data]);
  // Entries that left the list (restored or deleted elsewhere) leave the selection too.
  const chosen = entries.filter((entry) => selected.has(keyOf(entry)));
  const count = chosen.length;
  const isBusy = restore.isPending || purge.isPending;

  if (trash.error) return <Notice tone="error">{errorMessage(trash.error, t)}</Notice>;
  if (!trash.data) return <Spinner label={t('app.loading')} />;
  if (entries.length === 0) {
    return (
      <div className={styles.empty}>
        <strong>{t('trash.empty.title')}</strong>
        <p>{t('trash.empty.body')}</p>
      </div>
    );
  }

  const toggle = (entry: TrashEntry) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(keyOf(entry))) next.add(keyOf(entry));
      return next;
    });
  const isAllSelected = count === entries.length;
  const handleSelectAll = () => setSelected(new Set(isAllSelected ? [] : entries.map(keyOf)));

  const run = async (action: typeof restore, done: string) => {
    setError(null);
    const records: TrashRecordRef[] = chosen.map(({ type, id }) => ({ type, id }) as TrashRecordRef);
    try {
      await action.mutateAsync(records);
      setSelected(new Set());
      toasts.show(done, { tone: 'success' });
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  };
  const handleRestore = () => run(restore, t('trash.restored', { count }));
  const handlePurge = async () => {
    // The shared dialogue's own title ('Are you sure?'), with what cannot be undone.
    const isSure = await confirm({
      body: t('trash.purgeBody', { count }),
      action: t('trash.purgeAction', { count }),
    });
    if (!isSure) return;
    await run(purge, t('trash.purged', { count }));
  };

  return (
    <div className={styles.content}>
      <div className={styles.toolbar}>
        <label className={styles.selectAll}>
          <input
            type="checkbox"
            checked={isAllSelected}
            ref={(input) => {
              if (input) input.indeterminate = count > 0 && !isAllSelected;
            }}
            onChange={handleSelectAll}
          />
          {t('trash.selectAll')}
        </label>
        <span className={styles.count} aria-live="polite">
          {count > 0 ? t('trash.selected', { count }) : ''}
        </span>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={count === 0 || purge.isPending}
            busy={restore.isPending}
            onClick={handleRestore}
          >
            {t('trash.restore')}
          </Button>
          <Button
            variant="danger"
            disabled={count === 0 || restore.isPending}
            busy={purge.isPending}
            onClick={handlePurge}
          >
            {t('trash.purge')}
          </Button>
        </div>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      <RowList aria-label={t('trash.list')} aria-busy={isBusy || undefined}>
        {entries.map((entry) => (
          <TrashRow
            key={keyOf(entry)}
            entry={entry}
            isSelected={selected.has(keyOf(entry))}
            onToggle={() => toggle(entry)}
          />
        ))}
      </RowList>
      {trash.hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            busy={trash.isFetchingNextPage}
            onClick={() => void trash.fetchNextPage()}
          >
            {t('trash.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
