import type { NotificationPreference, NotificationPreferenceChange } from '@strata/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const save = useMutation({
    mutationFn: (change: NotificationPreferenceChange) => api.put<Answer>(PATH, { preferences: [change] }),
    onMutate: (change) => {
      const before = queryClient.getQueryData<Answer>(QUERY);
      if (before)
        queryClient.setQueryData<Answer>(QUERY, {
          preferences: before.preferences.map((p) =>
            p.notification_type === change.notification_type ? { ...p, ...change } : p,
          ),
        });
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(QUERY, context.before);
      toasts.show(errorMessage(error, t), { tone: 'error' });
    },
    onSuccess: (answer) => queryClient.setQueryData(QUERY, answer),
  });
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
                        checked={entry.email}
                        onChange={(event) =>
                          save.mutate({
                            notification_type: entry.notification_type,
                            email: event.target.checked,
                          })
                        }
                      />
                    </td>
                    {canPush && (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('notifications.preferences.pushFor', { kind })}
                          checked={entry.push}
                          onChange={(event) =>
                            save.mutate({
                              notification_type: entry.notification_type,
                              push: event.target.checked,
                            })
                          }
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
