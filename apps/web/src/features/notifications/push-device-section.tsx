import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import profileStyles from '../profile/profile.module.css';
import styles from './notification-preferences.module.css';
import { usePushDevice } from './use-push-device';

/**
 * Push on this device: the button that asks the browser's permission and registers it, or turns
 * it off again. A refusal or a failed registration shows in an alert.
 */
export function PushDeviceSection() {
  const { t } = useTranslation();
  const push = usePushDevice();
  const status = {
    unsupported: t('notifications.push.unsupported'),
    checking: '',
    off: t('notifications.push.off'),
    on: t('notifications.push.on'),
    denied: t('notifications.push.blocked'),
  }[push.state];
  return (
    <section className={profileStyles.section} aria-labelledby="push-device">
      <h2 id="push-device">{t('notifications.push.title')}</h2>
      <div className={styles.pushDevice}>
        <p className={styles.pushStatus} role="status">
          {status}
        </p>
        {push.state === 'on' ? (
          <Button variant="secondary" busy={push.isBusy} onClick={() => void push.disable()}>
            {t('notifications.push.disable')}
          </Button>
        ) : (
          push.state !== 'unsupported' &&
          push.state !== 'checking' && (
            <Button busy={push.isBusy} onClick={() => void push.enable()}>
              {t('notifications.push.enable')}
            </Button>
          )
        )}
      </div>
      {push.error && <Notice tone="error">{push.error}</Notice>}
    </section>
  );
}
