import { useLocation, useNavigate } from 'react-router';
import { safeTarget } from '../../app/redirect-page';
import { useTranslation } from '../../i18n/use-translation';
import styles from './profile.module.css';
import { ReauthForm } from './reauth-form';

/** /auth/reauthenticate: confirm the password (30 minutes), then back to where the user was. */
export function ReauthenticatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = safeTarget(
    (location.state as { from?: string } | null)?.from ??
      new URLSearchParams(location.search).get('redirect'),
  );
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.heading}>
        <h1>{t('profile.security.reauthTitle')}</h1>
        <p>{t('profile.security.reauthBody')}</p>
      </header>
      <section className={styles.section}>
        <ReauthForm onConfirmed={() => navigate(from, { replace: true })} />
      </section>
    </div>
  );
}
