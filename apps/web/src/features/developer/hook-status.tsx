import type { Hook } from '@strata/contracts/hooks';
import { useTranslation } from '../../i18n/use-translation';
import styles from './developer.module.css';
import { dateTimeText } from './hook-format';

type HookState = 'on' | 'paused' | 'off';

/** On; paused by a person; or switched off by the server (off_reason says why). */
export function hookState(hook: Pick<Hook, 'enabled' | 'off_reason'>): HookState {
  if (hook.enabled) return 'on';
  return hook.off_reason ? 'off' : 'paused';
}

/** A hook's state as a badge, why the server switched it off, and since when it has been failing. */
export function HookStatus({ hook }: { hook: Hook }) {
  const { t, i18n } = useTranslation();
  const state = hookState(hook);
  return (
    <div className={styles.status}>
      <span className={`${styles.badge} ${styles[`badge_${state}`]}`}>{t(`developer.status.${state}`)}</span>
      {state === 'off' && hook.off_reason && (
        <span className={styles.reason}>{t(`developer.status.reasons.${hook.off_reason}`)}</span>
      )}
      {hook.failing_since && (
        <span className={styles.failing}>
          {t('developer.status.failingSince', { date: dateTimeText(i18n.language, hook.failing_since) })}
        </span>
      )}
    </div>
  );
}
