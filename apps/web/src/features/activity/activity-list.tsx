import type { ActivityEntry } from '@strata/contracts/activity';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { TruncatedName } from '../../ui/truncated-name';
import styles from './activity.module.css';
import { type ActivityLookups, describeEntry, groupByDay, itemName } from './activity-text';

export interface ActivityListProps {
  entries: readonly ActivityEntry[];
  lookups: ActivityLookups;
  /** The board's log names the item of item and value entries; an item's own log does not. */
  showItem: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore(): void;
  /** What an empty log says. */
  emptyText: string;
  /** The reader's clock, for Today and Yesterday. */
  now?: Date;
}

const isAboutItem = (entry: ActivityEntry) => entry.record.type === 'item' || entry.record.type === 'value';

/** Activity entries grouped by day, each told in sentences with its author and time, and "Load more". */
export function ActivityList(props: ActivityListProps) {
  const { t } = useTranslation();
  const { entries, lookups } = props;
  const locale = lookups.context.locale ?? 'en-US';
  const timeZone = lookups.context.timeZone ?? 'UTC';
  const now = props.now;
  const days = useMemo(
    () => groupByDay(entries, { locale, timeZone, now: now ?? new Date(), t }),
    [entries, locale, timeZone, now, t],
  );
  const time = useMemo(
    () => new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }),
    [locale, timeZone],
  );

  if (entries.length === 0) return <p className={styles.empty}>{props.emptyText}</p>;
  return (
    <div className={styles.feed}>
      {days.map((day) => (
        <section key={day.key} className={styles.day} aria-label={day.label}>
          <h3 className={styles.dayTitle}>{day.label}</h3>
          <ul className={styles.entries}>
            {day.entries.map((entry) => (
              <li key={entry.id} className={styles.entry}>
                {entry.user && <Avatar src={entry.user.photo_url} name={entry.user.name} size={28} />}
                <div className={styles.body}>
                  {props.showItem && isAboutItem(entry) && (
                    <TruncatedName
                      name={itemName(entry.record.item_id, lookups, t)}
                      className={styles.item}
                    />
                  )}
                  {describeEntry(entry, lookups, t).map((sentence) => (
                    <p key={sentence} className={styles.sentence}>
                      {sentence}
                    </p>
                  ))}
                </div>
                <time className={styles.time} dateTime={entry.created_at}>
                  {time.format(new Date(entry.created_at))}
                </time>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {props.hasMore && (
        <Button
          variant="secondary"
          className={styles.more}
          busy={props.isLoadingMore}
          onClick={props.onLoadMore}
        >
          {t('activity.loadMore')}
        </Button>
      )}
    </div>
  );
}
