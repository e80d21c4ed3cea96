import type { Hook } from '@strata/contracts/hooks';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import styles from './developer.module.css';
import { hookScreen } from './hook-links';
import secretStyles from './secret.module.css';
import { SecretField } from './secret-field';

/**
 * Just after a hook's creation: its signing secret in full, once and prominently, with Copy (the
 * hook's page shows it again, hidden until asked for).
 */
export function CreatedHook({ hook, onDone }: { hook: Hook; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.form}>
      <Notice tone="success">{t('developer.create.created')}</Notice>
      <section className={secretStyles.newSecret} aria-labelledby="new-hook-secret">
        <h3 id="new-hook-secret" className={secretStyles.newSecretTitle}>
          <KeyRound size={18} aria-hidden="true" />
          {t('developer.create.secretTitle')}
        </h3>
        <p className={styles.hint}>{t('developer.create.secretHint')}</p>
        <SecretField label={t('developer.secret.label')} secret={hook.secret} isShownAlways />
      </section>
      <div className={styles.actions}>
        <Link to={hookScreen(hook.id)} className={styles.linkButton} onClick={onDone}>
          {t('developer.create.open')}
        </Link>
        <Button onClick={onDone}>{t('developer.create.done')}</Button>
      </div>
    </div>
  );
}
