import { Copy, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import { toasts } from '../../ui/toast-store';
import styles from './developer.module.css';
import secretStyles from './secret.module.css';

/** The secret with its `whsec_` prefix kept and the rest hidden. */
export function maskedSecret(secret: string): string {
  const prefix = secret.startsWith('whsec_') ? 'whsec_' : '';
  return `${prefix}${'•'.repeat(24)}`;
}

/**
 * A hook's signing secret, read-only: hidden until shown (unless `isShownAlways`, as just after its
 * creation), with Copy, which copies the secret itself either way.
 */
export function SecretField({
  label,
  secret,
  isShownAlways = false,
}: {
  label: string;
  secret: string;
  isShownAlways?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [isShown, setShown] = useState(isShownAlways);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toasts.show(t('developer.secret.copied'), { tone: 'success' });
    } catch {
      toasts.show(t('developer.secret.copyFailed'), { tone: 'error' });
    }
  };
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={secretStyles.secretRow}>
        <input
          id={id}
          className={secretStyles.secretInput}
          readOnly
          dir="ltr"
          spellCheck={false}
          value={isShown ? secret : maskedSecret(secret)}
          onFocus={(event) => event.currentTarget.select()}
        />
        {!isShownAlways && (
          <Button variant="secondary" aria-controls={id} onClick={() => setShown((shown) => !shown)}>
            {isShown ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
            {t(isShown ? 'developer.secret.hide' : 'developer.secret.show')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void handleCopy()}>
          <Copy size={16} aria-hidden="true" />
          {t('common.copy')}
        </Button>
      </div>
    </div>
  );
}
