import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { AuthLayout, authStyles } from './auth-layout';
import { emailRules } from './use-email-field';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await api.post('/api/auth/password/forgot', { email: email.trim() }, { auth: false });
      setSentTo(email.trim());
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  });

  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={<Link to="/login">{t('auth.forgot.back')}</Link>}
    >
      {sentTo && <Notice tone="success">{t('auth.forgot.sent', { email: sentTo })}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <form className={authStyles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.forgot.email')}
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email', emailRules(t))}
        />
        <Button type="submit" block busy={formState.isSubmitting}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
