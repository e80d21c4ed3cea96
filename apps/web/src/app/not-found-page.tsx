import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import styles from './pages.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <div className={styles.code} aria-hidden="true">
          404
        </div>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.body')}</p>
        <Link to="/home">{t('notFound.home')}</Link>
      </div>
    </main>
  );
}
