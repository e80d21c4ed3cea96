import type { Item } from '@strata/contracts/items';
import type { ValueContext } from '@strata/domain/attributes/value-context';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import styles from './activity.module.css';
import { ActivityList } from './activity-list';
import type { ActivityLookups } from './activity-text';
import { useActivity } from './use-activity';

export interface ItemActivityProps {
  item: Pick<Item, 'id' | 'team_id' | 'board_id'>;
  /** How the item's panel shows values (language, time zone, member names). */
  context: ValueContext;
}

/**
 * An item's activity, for the end of its panel: open to whoever sees the item (docs/activity.md).
 * Live: an edit made in the panel (or anywhere else), and a subitem added under the item, show
 * once the server has recorded them.
 */
export function ItemActivity({ item, context }: ItemActivityProps) {
  const { t } = useTranslation();
  const feed = useActivity(item.team_id, item.board_id, item.id);
  const lookups = useMemo<ActivityLookups>(
    () => ({
      attributes: feed.attributes,
      itemNames: feed.itemNames,
      folderNames: feed.folderNames,
      context: {
        ...context,
        itemTitle: (id) => feed.itemNames[id] ?? context.itemTitle?.(id),
        folderName: (id) => feed.folderNames[id] ?? context.folderName?.(id),
      },
    }),
    [feed.attributes, feed.itemNames, feed.folderNames, context],
  );
  return (
    <section className={styles.section} aria-labelledby={`activity-${item.id}`}>
      <h3 id={`activity-${item.id}`} className={styles.sectionTitle}>
        {t('activity.itemSection')}
      </h3>
      {feed.error ? (
        <Notice tone="error">{t('activity.loadFailed')}</Notice>
      ) : feed.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <ActivityList
          entries={feed.entries}
          lookups={lookups}
          showItem={false}
          hasMore={feed.hasMore}
          isLoadingMore={feed.isLoadingMore}
          onLoadMore={feed.loadMore}
          emptyText={t('activity.itemEmpty')}
        />
      )}
    </section>
  );
}
