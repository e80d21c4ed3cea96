import type { NotificationPreference } from '@strata/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import { toasts } from '../../ui/toast-store';
import profileStyles from '../profile/profile.module.css';
import styles from './notifications.module.css';

const PATH = '/api/me/notification-preferences';
const QUERY = ['notifications', 'preferences'] as const;
type Answer = { preferences: NotificationPreference[] };

/**
 * profile/notifications: the bell lists every notification; here a person chooses, kind by kind,
 * which ones also come by mail. A change is saved at once.
 */
export function NotificationPreferencesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: QUERY, queryFn: () => api.get<Answer>(PATH), retry: false });
  const save = useMutation({
    mutationFn: (entry: NotificationPreference) => api.put<Answer>(PATH, { preferences: [entry] }),
    onMutate: (entry) => {
      const before = queryClient.getQueryData<Answer>(QUERY);
      if (before)
        queryClient.setQueryData<Answer>(QUERY, {
          preferences: before.preferences.map((p) =>
            p.notification_type === entry.notification_type ? entry : p,
          ),
        });
      return { before };
    },
    onError: (error, _entry, context) => {
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
      {query.error || !query.data ? (
        <Notice tone="error">{t('notifications.preferences.loadFailed')}</Notice>
      ) : (
        <section className={profileStyles.section} aria-labelledby="email-kinds">
          <h2 id="email-kinds">{t('notifications.preferences.byEmail')}</h2>
          <ul className={styles.kinds}>
            {query.data.preferences.map((entry) => (
              <li key={entry.notification_type}>
                <label className={styles.kind}>
                  <input
                    type="checkbox"
                    checked={entry.email}
                    onChange={(event) => save.mutate({ ...entry, email: event.target.checked })}
                  />
                  <span>{t(`notifications.preferences.kinds.${entry.notification_type}`)}</span>
                </label>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
