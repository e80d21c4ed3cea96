import type { NotificationPreference, NotificationPreferenceChange } from '@strata/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import profileStyles from '../profile/profile.module.css';
import styles from './notification-preferences.module.css';
import { PushDeviceSection } from './push-device-section';

const PATH = '/api/me/notification-preferences';
const QUERY = ['notifications', 'preferences'] as const;
type Answer = { preferences: NotificationPreference[] };
type Channel = 'email' | 'push';

/** A choice's key among those clicked and not yet answered. */
const choiceKey = (type: string, channel: Channel) => `${type}:${channel}`;

/**
 * profile/notifications: the bell lists every notification; here a person chooses, kind by kind,
 * which ones also come by mail and which are pushed to their devices, and turns push on for this
 * device (never offered to guest accounts). A change is saved at once.
 */
export function NotificationPreferencesPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const canPush = Boolean(profile && !profile.guest);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: QUERY, queryFn: () => api.get<Answer>(PATH), retry: false });
  // Choices clicked and not yet answered, shown in the click's own render: a checkbox whose state
  // came only from the query's cache went back to the old state until the cache's update was
  // drawn (React restores a controlled input after its change event).
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const save = useMutation({
    mutationFn: (change: NotificationPreferenceChange) => api.put<Answer>(PATH, { preferences: [change] }),
    onError: (error) => toasts.show(errorMessage(error, t), { tone: 'error' }),
    onSuccess: (answer) => queryClient.setQueryData(QUERY, answer),
    // The choice shows the saved state (or, refused, the one before) unless clicked again since.
    onSettled: (_answer, _error, change) => {
      const channel: Channel = change.email === undefined ? 'push' : 'email';
      const key = choiceKey(change.notification_type, channel);
      setPending((current) => {
        if (current.get(key) !== change[channel]) return current;
        const next = new Map(current);
        next.delete(key);
        return next;
      });
    },
  });
  const choose = (entry: NotificationPreference, channel: Channel, value: boolean) => {
    setPending((current) => new Map(current).set(choiceKey(entry.notification_type, channel), value));
    // A read still under way would draw the state from before the click.
    void queryClient.cancelQueries({ queryKey: QUERY });
    save.mutate({ notification_type: entry.notification_type, [channel]: value });
  };
  const shown = (entry: NotificationPreference, channel: Channel) =>
    pending.get(choiceKey(entry.notification_type, channel)) ?? entry[channel];
  if (query.isPending) return <PageSpinner label={t('app.loading')} />;
  return (
    <div className={profileStyles.page}>
      <header className={profileStyles.heading}>
        <h1>{t('notifications.preferences.title')}</h1>
        <p>{t('notifications.preferences.subtitle')}</p>
      </header>
      {canPush && <PushDeviceSection />}
      {query.error || !query.data ? (
        <Notice tone="error">{t('notifications.preferences.loadFailed')}</Notice>
      ) : (
        <section className={profileStyles.section} aria-labelledby="notification-kinds">
          <h2 id="notification-kinds">{t('notifications.preferences.kindsTitle')}</h2>
          <table className={styles.kindTable}>
            <thead>
              <tr>
                <th scope="col">{t('notifications.preferences.kind')}</th>
                <th scope="col">{t('notifications.preferences.byEmail')}</th>
                {canPush && <th scope="col">{t('notifications.preferences.byPush')}</th>}
              </tr>
            </thead>
            <tbody>
              {query.data.preferences.map((entry) => {
                const kind = t(`notifications.preferences.kinds.${entry.notification_type}`);
                return (
                  <tr key={entry.notification_type}>
                    <th scope="row">{kind}</th>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={kind}
                        checked={shown(entry, 'email')}
                        onChange={(event) => choose(entry, 'email', event.target.checked)}
                      />
                    </td>
                    {canPush && (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('notifications.preferences.pushFor', { kind })}
                          checked={shown(entry, 'push')}
                          onChange={(event) => choose(entry, 'push', event.target.checked)}
                        />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
