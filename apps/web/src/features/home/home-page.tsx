import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { PageSpinner } from '../../ui/spinner';
import styles from './home.module.css';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** The signed-in home: greets the user and shows their account. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { profile, signOut } = useSession();
  if (!profile) return <PageSpinner label={t('app.loading')} />;

  const hour = Number(
    new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: profile.timezone ?? undefined,
    }).format(new Date()),
  );
  const language =
    new Intl.DisplayNames([i18n.language], { type: 'language' }).of(profile.locale) ?? profile.locale;
  // Leave the guarded page first, so its guard does not redirect on its own while the session ends.
  const handleSignOut = async () => {
    navigate('/login', { replace: true, state: { notice: 'signedOut' } });
    await signOut();
  };

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" />
          <span>{t('app.name')}</span>
        </div>
        <div className={styles.user}>
          <img className={styles.avatar} src={profile.photo_url} alt="" />
          <span className={styles.name}>{profile.name}</span>
          <Button variant="secondary" onClick={handleSignOut}>
            {t('home.signOut')}
          </Button>
        </div>
      </header>
      <main className={styles.main}>
        <section className={styles.greeting}>
          <h1>{t(`home.greeting.${greetingKey(hour)}`, { name: profile.name.split(' ')[0] })}</h1>
          <p>{t('home.signedInAs', { email: profile.email })}</p>
        </section>
        <section className={styles.card} aria-labelledby="account-title">
          <h2 id="account-title">{t('home.account')}</h2>
          <dl className={styles.facts}>
            <dt>{t('home.language')}</dt>
            <dd>{language}</dd>
            <dt>{t('home.timezone')}</dt>
            <dd>{profile.timezone ?? t('home.timezoneUnset')}</dd>
          </dl>
        </section>
      </main>
    </div>
  );
}
