import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { holdPasswordConfirmation } from '../../lib/password-confirmation';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import styles from './profile.module.css';

/** Asks for the current password and holds the confirmation the server gives for 30 minutes. */
export function ReauthForm({ onConfirmed }: { onConfirmed(): void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ password: string }>({
    defaultValues: { password: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const result = await api.post<{ confirmation: string; expires_at: string }>(
        '/api/auth/password/confirm',
        { password },
      );
      holdPasswordConfirmation(result.confirmation, result.expires_at);
      onConfirmed();
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label={t('profile.security.currentPassword')}
        type="password"
        autoComplete="current-password"
        autoFocus
        error={formState.errors.password?.message}
        {...register('password', { required: t('validation.required') })}
      />
      <Button type="submit" busy={formState.isSubmitting}>
        {t('profile.security.confirm')}
      </Button>
    </form>
  );
}
