import { HttpError } from '@strata/sync/http-client';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import {
  disablePush,
  enablePush,
  findPushSubscription,
  isPushSupported,
  PushDeniedError,
} from './push-device';

export type PushDeviceState = 'unsupported' | 'checking' | 'off' | 'on' | 'denied';

/**
 * Push on this device: whether it is on, and turning it on or off. A refusal of the browser shows
 * 'User denied permissions!'; any other failure of the registration is shown as it came.
 */
export function usePushDevice() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushDeviceState>(() => (isPushSupported() ? 'checking' : 'unsupported'));
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!isPushSupported()) return;
    let isCurrent = true;
    findPushSubscription()
      .then((subscription) => {
        if (!isCurrent) return;
        if (subscription) setState('on');
        else setState(Notification.permission === 'denied' ? 'denied' : 'off');
      })
      .catch(() => isCurrent && setState('off'));
    return () => {
      isCurrent = false;
    };
  }, []);

  const run = useCallback(
    async (action: () => Promise<void>, after: PushDeviceState) => {
      setIsBusy(true);
      setError(null);
      try {
        await action();
        setState(after);
      } catch (caught) {
        if (caught instanceof PushDeniedError) {
          setState('denied');
          setError(t('notifications.push.denied'));
        } else {
          // The browser's own failures (no service worker, the push service refused) say why.
          const browserMessage = (caught as { message?: unknown } | null)?.message;
          const reason =
            !(caught instanceof HttpError) && typeof browserMessage === 'string' && browserMessage
              ? browserMessage
              : errorMessage(caught, t);
          setError(t('notifications.push.failed', { reason }));
        }
      } finally {
        setIsBusy(false);
      }
    },
    [t],
  );

  return {
    state,
    isBusy,
    error,
    enable: () => run(enablePush, 'on'),
    disable: () => run(disablePush, 'off'),
  };
}
