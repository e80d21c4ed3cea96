import { HttpError } from '@strata/sync/http-client';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { useTranslation } from '../../i18n/use-translation';
import { useBoardRecordEvents, useBoards } from '../../lib/boards/use-boards';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import { TextWithName } from '../../ui/truncated-name';
import { useTeamView } from '../workspaces';
import styles from './activity.module.css';
import { ActivityList } from './activity-list';
import type { ActivityLookups } from './activity-text';
import { useActivity } from './use-activity';
import { useActivityContext } from './use-activity-context';

/**
 * team/{teamId}/boards/{boardId}/activity: who changed what on the board, newest first, by day.
 * The server decides who may read it (VIEW_ACTIVITY_LOG): a refusal is said, a board the caller
 * does not see is not found.
 */
export function BoardActivityPage() {
  const { t } = useTranslation();
  const { team } = useTeamView();
  const { boardId = '' } = useParams();
  const boards = useBoards(team.id);
  useBoardRecordEvents(team.id);
  const board = boards.data?.find((candidate) => candidate.id === boardId);
  const feed = useActivity(team.id, boardId);
  const context = useActivityContext(team.id);
  const lookups = useMemo<ActivityLookups>(
    () => ({
      attributes: feed.attributes,
      itemNames: feed.itemNames,
      folderNames: feed.folderNames,
      context: {
        ...context,
        itemTitle: (id) => feed.itemNames[id],
        folderName: (id) => feed.folderNames[id],
      },
    }),
    [feed.attributes, feed.itemNames, feed.folderNames, context],
  );

  const status = feed.error instanceof HttpError ? feed.error.status : undefined;
  if (status === 404 || status === 422 || (!board && boards.isLoaded)) return <NotFoundPage />;
  return (
    <section className={styles.page} aria-labelledby="activity-title">
      <header className={styles.header}>
        {board && (
          <Link to={`/b/${board.id}`} className={styles.back}>
            <ArrowLeft size={16} aria-hidden="true" className="flip-in-rtl" />
            <TextWithName text={(name) => t('activity.back', { name })} name={board.name} />
          </Link>
        )}
        <h2 id="activity-title">{t('activity.title')}</h2>
      </header>
      {status === 403 ? (
        <Notice tone="error">{t('activity.forbidden')}</Notice>
      ) : feed.error ? (
        <Notice tone="error">{t('activity.loadFailed')}</Notice>
      ) : feed.isPending ? (
        <PageSpinner label={t('app.loading')} />
      ) : (
        <ActivityList
          entries={feed.entries}
          lookups={lookups}
          showItem
          hasMore={feed.hasMore}
          isLoadingMore={feed.isLoadingMore}
          onLoadMore={feed.loadMore}
          emptyText={t('activity.empty')}
        />
      )}
    </section>
  );
}
