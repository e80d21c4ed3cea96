import { MIN_PASSWORD_LENGTH } from '@strata/domain/auth/password-policy';
import { DEFAULT_LOCALE, LOCALES } from '@strata/domain/constants';
import { HttpError } from '@strata/sync/http-client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { AuthLayout, authStyles } from './auth-layout';
import { emailRules, nameRules, newPasswordRules } from './use-email-field';

interface Values {
  name: string;
  email: string;
  password: string;
}

/** The browser's preferred language when we have it, else en-US. */
function preferredLocale(): string {
  for (const language of navigator.languages ?? []) {
    const match = LOCALES.find((l) => l === language || l === language.split('-')[0]);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<Values>({
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const email = values.email.trim();
      await api.post(
        '/api/auth/register',
        { ...values, email, locale: preferredLocale(), source: 'web' },
        { auth: false },
      );
      void navigate(`/verify-email?email=${encodeURIComponent(email.toLowerCase())}`);
    } catch (caught) {
      if (caught instanceof HttpError && caught.errors?.length) {
        for (const field of caught.errors) {
          if (field.path === 'name' || field.path === 'email' || field.path === 'password') {
            setFieldError(field.path, { message: field.message });
          }
        }
      }
      setError(errorMessage(caught, t));
    }
  });

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.signIn')}</Link>
        </>
      }
    >
      {error && <Notice tone="error">{error}</Notice>}
      <form className={authStyles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.register.name')}
          autoComplete="name"
          error={formState.errors.name?.message}
          {...register('name', nameRules(t))}
        />
        <TextField
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email', emailRules(t))}
        />
        <TextField
          label={t('auth.register.password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.register.passwordHint')}
          error={formState.errors.password?.message}
          {...register('password', newPasswordRules(t, MIN_PASSWORD_LENGTH))}
        />
        <Button type="submit" block busy={formState.isSubmitting}>
          {t('auth.register.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
