import { MIN_PASSWORD_LENGTH } from '@strata/domain/auth/password-policy';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { AuthLayout, authStyles } from './auth-layout';
import { newPasswordRules } from './use-email-field';

interface Values {
  password: string;
  confirm: string;
}

/** /password/reset/{token}/{email}: the page the reset mail links to. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '', email = '' } = useParams();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm<Values>({
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await api.post('/api/auth/password/reset', { token, email, password }, { auth: false });
      navigate(`/login?email=${encodeURIComponent(email)}`, {
        replace: true,
        state: { notice: 'passwordReset' },
      });
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  });

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle', { email })}>
      {error && (
        <Notice tone="error">
          {error} <Link to="/password/reset">{t('auth.reset.requestNew')}</Link>
        </Notice>
      )}
      <form className={authStyles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.reset.password')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password', newPasswordRules(t, MIN_PASSWORD_LENGTH))}
        />
        <TextField
          label={t('auth.reset.confirm')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirm?.message}
          {...register('confirm', {
            required: t('validation.required'),
            validate: (value) => value === getValues('password') || t('validation.passwordMatch'),
          })}
        />
        <Button type="submit" block busy={formState.isSubmitting}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
