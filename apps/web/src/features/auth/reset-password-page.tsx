import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { AuthLayout, authStyles } from './auth-layout';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';

/** /password/reset/{token}/{email}: the page the reset mail links to. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '', email = '' } = useParams();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewPasswordValues>({ defaultValues: { password: '', confirm: '' } });
  const { handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await api.post('/api/auth/password/reset', { token, email, password }, { auth: false });
      void navigate(`/login?email=${encodeURIComponent(email)}`, {
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
        <NewPasswordFields
          form={form}
          labels={{ password: t('auth.reset.password'), confirm: t('auth.reset.confirm') }}
        />
        <Button type="submit" block busy={formState.isSubmitting}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
