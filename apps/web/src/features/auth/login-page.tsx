import { HttpError } from '@strata/sync/http-client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { AuthLayout, authStyles } from './auth-layout';
import { emailRules } from './use-email-field';

interface Values {
  email: string;
  password: string;
}

/** Where a notice came from: the verify, reset and sign-out flows pass it in the location state. */
export type LoginNotice = 'verified' | 'passwordReset' | 'signedOut';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const notice = (location.state as { notice?: LoginNotice } | null)?.notice;
  const { register, handleSubmit, formState } = useForm<Values>({
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      const intended = await signIn(email.trim(), password);
      void navigate(intended ?? '/s/auth/redirect', { replace: true });
    } catch (caught) {
      if (caught instanceof HttpError && caught.code === 'EMAIL_NOT_VERIFIED') {
        void navigate(`/verify-email?email=${encodeURIComponent(email.trim())}`);
        return;
      }
      setError(errorMessage(caught, t));
    }
  });

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
        </>
      }
    >
      {notice && <Notice tone="success">{t(`auth.login.${notice}`)}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <form className={authStyles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.login.email')}
          type="email"
          autoComplete="username"
          error={formState.errors.email?.message}
          {...register('email', emailRules(t))}
        />
        <TextField
          label={t('auth.login.password')}
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password', { required: t('validation.required') })}
        />
        <div className={authStyles.row}>
          <Link to="/password/reset">{t('auth.login.forgot')}</Link>
        </div>
        <Button type="submit" block busy={formState.isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
