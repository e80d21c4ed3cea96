import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useConnection } from '../lib/connection';
import { retryQueue, startOfflineQueue, usePendingCount } from '../lib/offline-queue';
import { useSession } from '../lib/session';
import styles from './offline-status.module.css';

/**
 * The connection in the header: 'Offline' while disconnected, with the number of changes waiting
 * to be sent, and a button to send them now. The status region stays mounted (empty while all is
 * well) so that screen readers announce each change. Loads after the first paint, with the queue.
 */
export function OfflineStatus() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const isConnected = useConnection();
  const pending = usePendingCount();
  const [isRetrying, setRetrying] = useState(false);
  const statusId = useId();
  const profileId = profile?.id;

  // Start-up, and each sign-in: read this user's queue and replay what waits.
  useEffect(() => {
    if (profileId !== undefined) void startOfflineQueue();
  }, [profileId]);

  let text = '';
  if (!isConnected)
    text = pending > 0 ? t('connection.offlinePending', { count: pending }) : t('errors.offline');
  else if (pending > 0) text = t('connection.pending', { count: pending });

  const handleRetry = async () => {
    setRetrying(true);
    try {
      await retryQueue();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className={styles.status}>
      <span id={statusId} role="status" className={text ? styles.pill : undefined}>
        {text &&
          (isConnected ? (
            <RefreshCw size={14} aria-hidden="true" />
          ) : (
            <CloudOff size={14} aria-hidden="true" />
          ))}
        {text}
      </span>
      {pending > 0 && (
        <button
          type="button"
          className={styles.retry}
          aria-describedby={statusId}
          disabled={isRetrying}
          onClick={() => void handleRetry()}
        >
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
