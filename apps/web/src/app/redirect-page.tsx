import { REDIRECT_DELAY_MS } from '@strata/domain/constants';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import styles from './pages.module.css';

/** Only same-origin paths: an open redirect would let any link borrow our domain. */
export function safeTarget(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/home';
  return value;
}

/** /redirect?to=/path: says where it goes and goes there after 5 seconds. */
export function RedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeTarget(params.get('to'));
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);
  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <h1>{t('redirect.title')}</h1>
        <p>{t('redirect.body')}</p>
        <Link to={target} replace>
          {t('redirect.now')}
        </Link>
      </div>
    </main>
  );
}
