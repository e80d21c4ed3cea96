import { useTranslation } from 'react-i18next';
import styles from './workspaces.module.css';

/** The workspace's boards (an empty state until boards exist). */
export function TeamBoardsPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.empty} aria-label={t('workspaces.boardsEmpty')}>
      <strong>{t('workspaces.boardsEmpty')}</strong>
      <p>{t('workspaces.boardsEmptyBody')}</p>
    </section>
  );
}
