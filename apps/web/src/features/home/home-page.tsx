import { formatDateTime } from '@strata/domain/dates';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session';
import { Avatar } from '../../ui/avatar';
import { PageSpinner } from '../../ui/spinner';
import { WorkspaceList } from '../workspaces';
import styles from './home.module.css';

/** Loaded after the first screen: most visits have no invitation waiting. */
const MyInvitations = lazy(() => import('../invitations').then((m) => ({ default: m.MyInvitations })));

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** The signed-in home: greets the user and shows their account at a glance. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  if (!profile) return <PageSpinner label={t('app.loading')} />;

  const now = new Date();
  const zone = profile.timezone ?? undefined;
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(now),
  );
  const language =
    new Intl.DisplayNames([i18n.language], { type: 'language' }).of(profile.locale) ?? profile.locale;

  return (
    <div className={styles.main}>
      <section className={styles.greeting}>
        <Avatar src={profile.photo_url} name={profile.name} size={48} preview={{ email: profile.email }} />
        <h1>{t(`home.greeting.${greetingKey(hour)}`, { name: profile.name.split(' ')[0] })}</h1>
        <p>{t('home.signedInAs', { email: profile.email })}</p>
      </section>
      <Suspense fallback={null}>
        <MyInvitations />
      </Suspense>
      <WorkspaceList />
      <section className={styles.card} aria-labelledby="account-title">
        <h2 id="account-title">{t('home.account')}</h2>
        <dl className={styles.facts}>
          <dt>{t('home.language')}</dt>
          <dd>{language}</dd>
          <dt>{t('home.timezone')}</dt>
          <dd>
            {profile.timezone ?? t('home.timezoneUnset')} ·{' '}
            <time dateTime={now.toISOString()}>{formatDateTime(now, zone)}</time>
          </dd>
        </dl>
        <Link to="/profile/settings">{t('profile.settings.title')}</Link>
      </section>
    </div>
  );
}
