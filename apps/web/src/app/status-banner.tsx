import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useAppVars } from '../lib/app-vars';
import { createStatusPoller } from '../lib/status-poller';
import styles from './status-banner.module.css';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

/** The fixed 42 px banner with the status service's message, while it has one. */
export function StatusBanner() {
  const { t } = useTranslation();
  const url = useAppVars().data?.status_message_url ?? null;
  const [content, setContent] = useState<string | null>(null);

  useEffect(() => {
    if (!url) return;
    const poller = createStatusPoller({
      fetchMessage: async () => {
        const response = await fetch(`${url}/message`, { credentials: 'omit' });
        return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
      },
      onContent: setContent,
      now: () => Date.now(),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    });
    const handleActivity = () => poller.activity();
    const handleVisibility = () => poller.setHidden(document.visibilityState === 'hidden');
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, handleActivity, { passive: true });
    document.addEventListener('visibilitychange', handleVisibility);
    poller.activity();
    return () => {
      poller.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, handleActivity);
      document.removeEventListener('visibilitychange', handleVisibility);
    };
  }, [url]);

  if (!content) return null;
  return (
    <>
      <div className={styles.banner} role="status" aria-label={t('shell.statusBanner')}>
        {content}
      </div>
      <div className={styles.spacer} />
    </>
  );
}
