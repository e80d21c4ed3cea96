import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import {
  isNewerServer,
  markUpdateRequired,
  subscribeUpdateRequired,
  UPDATE_CHECK_INTERVAL_MS,
  updateRequiredVersion,
} from '../lib/update-required';
import { Button } from '../ui/button';
import styles from './update-banner.module.css';

/** Compares the build with the server's app.version now and every hour. */
function useUpdateCheck(): void {
  useEffect(() => {
    const check = () =>
      api
        .get<{ app: { version: string } }>('/api/app-vars', { auth: false })
        .then((vars) => {
          if (isNewerServer(vars.app.version)) markUpdateRequired(vars.app.version);
        })
        .catch(() => {});
    check();
    const timer = window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}

/** 'A new version is available' with Reload, while an update is required. */
export function UpdateBanner() {
  const { t } = useTranslation();
  useUpdateCheck();
  const version = useSyncExternalStore(subscribeUpdateRequired, updateRequiredVersion, () => null);
  if (!version) return null;
  return (
    <output className={styles.banner}>
      <span>{t('update.available')}</span>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('update.reload')}
      </Button>
    </output>
  );
}
