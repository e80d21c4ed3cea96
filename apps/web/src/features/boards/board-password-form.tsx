import type { Board } from '@strata/contracts/boards';
import { MIN_PASSWORD_LENGTH } from '@strata/domain/auth/password-policy';
import type { RecordStore } from '@strata/sync/records/record-types';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { saveBoardPassword } from '../../lib/boards/board-password';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { toasts } from '../../ui/toast-store';
import styles from './boards.module.css';

/**
 * The board's password (UPDATE_BOARD_DETAILS; docs/board-password.md): set, change or remove it.
 * Sent straight to the server, online only: a password is never kept on the device or queued.
 */
export function BoardPasswordForm({ board, store }: { board: Board; store: RecordStore<Board> }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [isRemoving, setRemoving] = useState(false);
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const isProtected = board.is_password_protected;

  const save = async (password: string | null) => {
    setError(null);
    try {
      await saveBoardPassword(store, board, password);
      toasts.show(t(password === null ? 'boardPassword.form.removed' : 'boardPassword.form.saved'), {
        tone: 'success',
      });
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  };
  const onSubmit = form.handleSubmit(({ password }) => save(password));
  const handleRemove = async () => {
    setRemoving(true);
    await save(null);
    setRemoving(false);
  };

  return (
    <form
      className={`${styles.form} ${styles.panel}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="password-title"
    >
      <h3 id="password-title">{t('boardPassword.form.title')}</h3>
      <p className={styles.hint}>
        {isProtected ? t('boardPassword.form.hintOn') : t('boardPassword.form.hintOff')}
      </p>
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        type="password"
        label={t('boardPassword.form.newPassword')}
        autoComplete="new-password"
        error={form.formState.errors.password?.message}
        {...form.register('password', {
          validate: (value) =>
            value.length >= MIN_PASSWORD_LENGTH || t('validation.passwordMin', { min: MIN_PASSWORD_LENGTH }),
        })}
      />
      <div className={styles.actions}>
        {isProtected && (
          <Button variant="secondary" busy={isRemoving} onClick={handleRemove}>
            {t('boardPassword.form.remove')}
          </Button>
        )}
        <Button type="submit" busy={form.formState.isSubmitting}>
          {isProtected ? t('boardPassword.form.change') : t('boardPassword.form.set')}
        </Button>
      </div>
    </form>
  );
}
