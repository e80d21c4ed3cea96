import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { fetchAppVars } from '../lib/app-vars';
import { decideNewAppVersion } from '../lib/new-version';
import {
  BUILD_VERSION,
  isNewerServer,
  markUpdateRequired,
  subscribeUpdateRequired,
  UPDATE_CHECK_INTERVAL_MS,
  updateRequiredVersion,
} from '../lib/update-required';
import { useChannel } from '../lib/use-channel';
import { Button } from '../ui/button';
import styles from './update-banner.module.css';

/** Compares the build with the server's app.version now and every hour. */
function useUpdateCheck(): void {
  useEffect(() => {
    // The first check shares the page's one read of the app variables; the hourly ones ask anew.
    const check = (maxAgeMs?: number) =>
      fetchAppVars(maxAgeMs)
        .then((vars) => {
          if (isNewerServer(vars.app.version)) markUpdateRequired(vars.app.version);
        })
        .catch(() => {});
    void check();
    const timer = window.setInterval(() => check(0), UPDATE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}

/** NewAppVersion on public-notifications: flag a newer version; a forced one reloads by itself. */
function handleNewAppVersion(payload: unknown): void {
  const { flag, reloadAfterMs } = decideNewAppVersion(payload, BUILD_VERSION);
  if (flag) markUpdateRequired(flag);
  if (reloadAfterMs !== null) window.setTimeout(() => window.location.reload(), reloadAfterMs);
}
const VERSION_EVENTS = { NewAppVersion: handleNewAppVersion };

/** 'A new version is available' with Reload, while an update is required. */
export function UpdateBanner() {
  const { t } = useTranslation();
  useUpdateCheck();
  useChannel('private-public-notifications', VERSION_EVENTS);
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
