import * as Popover from '@radix-ui/react-popover';
import type { NotificationDto } from '@strata/contracts/notifications';
import { notificationPath } from '@strata/domain/notifications/notification-path';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CheckCheck, Circle } from 'lucide-react';
import { type RefObject, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session';
import { Spinner } from '../../ui/spinner';
import { notificationText } from './notification-text';
import styles from './notifications.module.css';
import {
  fetchNotifications,
  markAllRead,
  markNotifications,
  NOTIFICATION_LIST_QUERY,
  NOTIFICATIONS_QUERY,
} from './notifications-api';

/**
 * The notifications under the bell, newest first, a page at a time: each says who did what where,
 * opens what it is about (and is then read), and can be marked read or unread; "Mark all as read"
 * reads everything up to now (spec section 4).
 */
export default function NotificationPanel(props: {
  anchor: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: NOTIFICATION_LIST_QUERY,
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more ? (last.after ?? undefined) : undefined),
    retry: false,
  });
  const entries = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.data), [query.data]);
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: profile?.timezone ?? undefined,
      }),
    [i18n.language, profile?.timezone],
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY });
  const mark = (notification: NotificationDto, read: boolean) =>
    void markNotifications([notification.id], read).then(refresh);

  return (
    <Popover.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Popover.Anchor virtualRef={props.anchor as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          className={styles.panel}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t('notifications.title')}
          onInteractOutside={(event) => {
            // The bell toggles the panel itself.
            if (props.anchor.current?.contains(event.target as Node)) event.preventDefault();
          }}
        >
          <div className={styles.panelHeader}>
            <h2 className={styles.panelTitle}>{t('notifications.title')}</h2>
            <button
              type="button"
              className={styles.textButton}
              onClick={() => void markAllRead(new Date()).then(refresh)}
              disabled={!entries.some((entry) => entry.read_at === null)}
            >
              <CheckCheck size={16} aria-hidden="true" /> {t('notifications.markAllRead')}
            </button>
          </div>
          {query.isPending ? (
            <Spinner label={t('app.loading')} />
          ) : query.error ? (
            <p className={styles.empty}>{t('notifications.loadFailed')}</p>
          ) : entries.length === 0 ? (
            <p className={styles.empty}>{t('notifications.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {entries.map((entry) => {
                const unread = entry.read_at === null;
                return (
                  <li key={entry.id} className={styles.entry} data-unread={unread || undefined}>
                    <Link to={notificationPath(entry)} className={styles.entryLink} onClick={props.onClose}>
                      {unread && <Circle size={8} className={styles.dot} aria-hidden="true" />}
                      <span className={styles.entryText}>
                        <span dir="auto">{notificationText(t, entry)}</span>
                        {entry.body && (
                          <span className={styles.entryBody} dir="auto">
                            {entry.body}
                          </span>
                        )}
                        <span className={styles.entryMeta}>
                          {/* The name isolated: a Latin name in Arabic keeps its place before the dot. */}
                          {entry.board_name && (
                            <>
                              <bdi>{entry.board_name}</bdi> ·{' '}
                            </>
                          )}
                          <time dateTime={entry.created_at}>{time.format(new Date(entry.created_at))}</time>
                          {unread && <span className="visually-hidden"> · {t('notifications.unread')}</span>}
                        </span>
                      </span>
                    </Link>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={unread ? t('notifications.markRead') : t('notifications.markUnread')}
                      title={unread ? t('notifications.markRead') : t('notifications.markUnread')}
                      onClick={() => mark(entry, unread)}
                    >
                      {unread ? (
                        <Check size={16} aria-hidden="true" />
                      ) : (
                        <Circle size={12} aria-hidden="true" />
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {query.hasNextPage && (
            <button
              type="button"
              className={styles.textButton}
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {t('notifications.loadMore')}
            </button>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
