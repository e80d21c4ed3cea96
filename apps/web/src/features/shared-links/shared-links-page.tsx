import type { SharedLink } from '@strata/contracts/shared-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList, ExternalLink, File, FileText, FolderDown, Globe } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { PageSpinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import { teamQueryKey } from '../workspaces/team-context';
import styles from './shared-links.module.css';
import { stoppedSettings } from './stopped-settings';

const KIND_ICONS = {
  form: ClipboardList,
  site: FileText,
  page: File,
  files: FolderDown,
  board: Globe,
} as const;

/** One key per link: a view's id, or the public board's. */
const keyOf = (link: SharedLink) =>
  link.view ? `${link.kind}:${link.view.id}:${link.page_id ?? ''}` : `board:${link.board_id}`;

/**
 * team/{teamId}/shared-links (docs/documents.md, "Shared links"): everything of the workspace open
 * to anyone who has its link (shared forms, published sites), where it is, who shared it, its
 * address, and Stop sharing for who may change the view.
 */
export function SharedLinksPage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const queryKey = [...teamQueryKey(teamId), 'shared-links'];
  const links = useQuery({
    queryKey,
    queryFn: () =>
      api.get<{ data: SharedLink[] }>(`/api/${teamId}/shared-links`).then((answer) => answer.data),
  });
  const stop = useMutation({
    // The view saved with its switch off, or the board's sharing turned off, as their own screens would.
    mutationFn: ({ view, board_id, kind, page_id }: SharedLink) =>
      view === null
        ? api.put(`/api/${teamId}/boards/${board_id}/sharing`, { is_public: false })
        : api.put(`/api/${teamId}/views/${view.id}`, {
            folder_id: view.folder_id,
            type: view.type,
            name: view.name,
            settings: { ...view.settings, ...stoppedSettings(kind, page_id, view.settings) },
            row_version: view.row_version + 1,
          }),
    onSuccess: () => toasts.show(t('views.sharedLinks.stopped'), { tone: 'success' }),
    onError: (caught) => toasts.show(errorMessage(caught, t), { tone: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });

  const handleStop = async (link: SharedLink) => {
    const isConfirmed = await confirm({
      title: t('views.sharedLinks.stopTitle', { name: link.name }),
      body: t('views.sharedLinks.stopBody'),
      action: t('views.sharedLinks.stop'),
    });
    if (isConfirmed) stop.mutate(link);
  };

  if (links.isPending) return <PageSpinner label={t('app.loading')} />;
  if (links.isError) return <p role="alert">{errorMessage(links.error, t)}</p>;
  return (
    <section className={styles.page} aria-labelledby="shared-links-title">
      <h2 id="shared-links-title" className={styles.title}>
        {t('views.sharedLinks.title')}
      </h2>
      <p className={styles.intro}>{t('views.sharedLinks.intro')}</p>
      {links.data.length === 0 ? (
        <p className={styles.empty}>{t('views.sharedLinks.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {links.data.map((link) => {
            const Icon = KIND_ICONS[link.kind];
            const url = `${window.location.origin}${link.path}`;
            return (
              <li key={keyOf(link)} className={styles.link}>
                <Icon size={18} aria-hidden="true" className={styles.icon} />
                <div className={styles.what}>
                  <Link
                    className={styles.name}
                    dir="auto"
                    to={
                      link.view
                        ? `/b/${link.view.board_id}/${link.view.folder_id}?view=${link.view.id}${
                            link.page_id ? `&page=${link.page_id}` : ''
                          }`
                        : `/b/${link.board_id}`
                    }
                  >
                    {link.name || t('views.documents.untitled')}
                  </Link>
                  <span className={styles.meta}>
                    {t(`views.sharedLinks.kinds.${link.kind}`)}
                    {link.folder_name !== null && (
                      <>
                        {' · '}
                        <bdi>{link.board_name}</bdi> / <bdi>{link.folder_name}</bdi>
                      </>
                    )}
                    {link.shared_by && (
                      <>
                        {' · '}
                        {t('views.sharedLinks.sharedBy', { name: link.shared_by.name })}
                      </>
                    )}
                    {link.visitors && (
                      <>
                        {' · '}
                        {t('views.sharedLinks.visitors', {
                          rights: t(`views.sharing.rights.${link.visitors.rights}`),
                        })}
                        {link.visitors.comments && <>{` · ${t('views.sharing.visitorComments')}`}</>}
                      </>
                    )}
                  </span>
                </div>
                <a className={styles.open} href={url} target="_blank" rel="noopener noreferrer" dir="ltr">
                  <ExternalLink size={16} aria-hidden="true" className="flip-in-rtl" />
                  <span className={styles.url}>{link.path}</span>
                </a>
                {link.can_stop && (
                  <Button
                    variant="secondary"
                    disabled={
                      stop.isPending && stop.variables !== undefined && keyOf(stop.variables) === keyOf(link)
                    }
                    onClick={() => void handleStop(link)}
                  >
                    {t('views.sharedLinks.stop')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
