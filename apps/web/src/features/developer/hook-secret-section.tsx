import type { MyHook } from '@strata/contracts/hooks';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm';
import { Notice } from '../../ui/notice';
import { toasts } from '../../ui/toast-store';
import styles from './developer.module.css';
import { SecretField } from './secret-field';
import { useUpdateHook } from './use-hooks';

/**
 * The secret that signs the hook's deliveries, hidden until shown, and "Rotate secret": the old
 * one keeps signing beside the new one for 24 hours, the time to change the receiver.
 */
export function HookSecretSection({ hook }: { hook: MyHook }) {
  const { t } = useTranslation();
  const update = useUpdateHook(hook);
  const confirm = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const handleRotate = async () => {
    const sure = await confirm({
      title: t('developer.secret.rotateTitle'),
      body: t('developer.secret.rotateBody'),
      action: t('developer.secret.rotate'),
      isDestructive: false,
    });
    if (!sure) return;
    setError(null);
    update.mutate(
      { rotate_secret: true },
      {
        onSuccess: () => toasts.show(t('developer.secret.rotated'), { tone: 'success' }),
        onError: (caught) => setError(errorMessage(caught, t)),
      },
    );
  };
  return (
    <section className={styles.section} aria-labelledby="hook-secret">
      <h2 id="hook-secret">{t('developer.secret.title')}</h2>
      <p className={styles.hint}>{t('developer.secret.hint')}</p>
      {error && <Notice tone="error">{error}</Notice>}
      {/* A new secret is shown hidden again. */}
      <SecretField key={hook.secret} label={t('developer.secret.label')} secret={hook.secret} />
      <div className={styles.actions}>
        <Button variant="secondary" busy={update.isPending} onClick={() => void handleRotate()}>
          <RefreshCw size={16} aria-hidden="true" />
          {t('developer.secret.rotate')}
        </Button>
      </div>
    </section>
  );
}
