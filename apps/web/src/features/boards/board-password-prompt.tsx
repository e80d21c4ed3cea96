import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import styles from './board-password.module.css';

/**
 * What a board locked by its password shows in place of its folders (docs/board-password.md): the
 * password field and Unlock. A wrong password shows the server's answer in the UI language; the
 * right one opens the board for 12 hours (to this member, or to this visitor of a public board),
 * and `onUnlocked` loads it.
 */
export function BoardPasswordPrompt({
  unlock,
  onUnlocked,
}: {
  /** Sends the password; a wrong one rejects with the server's error. */
  unlock(password: string): Promise<unknown>;
  onUnlocked(): Promise<void> | void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await unlock(password);
    } catch (caught) {
      setError(errorMessage(caught, t));
      form.setFocus('password');
      return;
    }
    await onUnlocked();
  });
  return (
    <div className={styles.prompt}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.heading}>
          <KeyRound size={20} aria-hidden="true" className={styles.icon} />
          {t('boardPassword.prompt.title')}
        </h2>
        <p className={styles.body}>{t('boardPassword.prompt.body')}</p>
        {error && <Notice tone="error">{error}</Notice>}
        <TextField
          type="password"
          label={t('boardPassword.prompt.label')}
          autoComplete="off"
          autoFocus
          error={form.formState.errors.password?.message}
          {...form.register('password', { validate: (value) => value !== '' || t('validation.required') })}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.formState.isSubmitting}>
            {t('boardPassword.prompt.unlock')}
          </Button>
        </div>
      </form>
    </div>
  );
}
