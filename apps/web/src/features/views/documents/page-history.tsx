import type { DocumentVersion, DocumentVersionSummary } from '@strata/contracts/document-versions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/button';
import { useConfirm } from '../../../ui/confirm';
import { Modal } from '../../../ui/modal';
import { Notice } from '../../../ui/notice';
import { Spinner } from '../../../ui/spinner';
import { toasts } from '../../../ui/toast-store';
import { RichTextView } from '../cells/rich-text-view';
import styles from './documents.module.css';

/**
 * A page's history (docs/documents.md, "History"): its earlier versions, newest first, each with
 * when and by whom; the chosen one shown as it was, and, for who may edit the page, Restore
 * (asked first), which puts it back live for everyone who has the page open.
 */
export function PageHistory({
  teamId,
  itemId,
  canRestore,
  onClose,
}: {
  teamId: number;
  itemId: string;
  canRestore: boolean;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const base = `/api/${teamId}/items/${itemId}/document/versions`;
  const versions = useQuery({
    queryKey: ['document-versions', teamId, itemId],
    queryFn: () => api.get<{ data: DocumentVersionSummary[] }>(base).then((answer) => answer.data),
  });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = chosenId ?? versions.data?.[0]?.id ?? null;
  const version = useQuery({
    queryKey: ['document-versions', teamId, itemId, chosen],
    queryFn: () => api.get<DocumentVersion>(`${base}/${chosen}`),
    enabled: chosen !== null,
  });
  const restore = useMutation({
    mutationFn: (id: string) => api.post(`${base}/${id}/restore`),
    onSuccess: () => {
      toasts.show(t('views.documents.history.restored'), { tone: 'success' });
      onClose();
    },
    onError: (caught) => toasts.show(errorMessage(caught, t), { tone: 'error' }),
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const handleRestore = async (id: string) => {
    const isConfirmed = await confirm({
      title: t('views.documents.history.restoreTitle'),
      body: t('views.documents.history.restoreBody'),
      action: t('views.documents.history.restore'),
    });
    if (isConfirmed) restore.mutate(id);
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('views.documents.history.title')}>
      {versions.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : versions.isError ? (
        <Notice tone="error">{errorMessage(versions.error, t)}</Notice>
      ) : versions.data.length === 0 ? (
        <p className={styles.empty}>{t('views.documents.history.empty')}</p>
      ) : (
        <div className={styles.history}>
          <ul className={styles.versions} aria-label={t('views.documents.history.versions')}>
            {versions.data.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className={styles.version}
                  aria-current={entry.id === chosen || undefined}
                  onClick={() => setChosenId(entry.id)}
                >
                  <span className={styles.versionTime}>{when.format(new Date(entry.created_at))}</span>
                  {entry.created_by && (
                    <span className={styles.versionBy}>
                      {t('views.documents.history.by', { name: entry.created_by.name })}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          <section className={styles.versionBody} aria-label={t('views.documents.history.preview')}>
            {version.isError ? (
              <Notice tone="error">{errorMessage(version.error, t)}</Notice>
            ) : version.data && version.data.id === chosen ? (
              <div dir="auto">
                <RichTextView html={version.data.html} />
              </div>
            ) : (
              <Spinner label={t('app.loading')} />
            )}
            {canRestore && chosen && (
              <div className={styles.versionActions}>
                <Button busy={restore.isPending} onClick={() => void handleRestore(chosen)}>
                  {t('views.documents.history.restore')}
                </Button>
              </div>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
