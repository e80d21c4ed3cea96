import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { AuthLayout, authStyles } from './auth-layout';
import { emailRules } from './use-email-field';

type State =
  | { kind: 'waiting' }
  | { kind: 'checking' }
  | { kind: 'verified'; email: string }
  | { kind: 'failed'; message: string };

/**
 * Two uses: after registering (`?email=`), it says where the link went and can send it again;
 * from the mailed link (`?token=&email=`), it verifies the address.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'waiting' });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    api
      .post<{ email: string }>('/api/auth/email/verify', { token, email }, { auth: false })
      .then((result) => setState({ kind: 'verified', email: result.email }))
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error, t) }));
  }, [token, email, t]);

  return (
    <AuthLayout title={t('auth.verify.title')}>
      {state.kind === 'checking' && (
        <Notice tone="info">
          <Spinner size={14} /> {t('auth.verify.checking')}
        </Notice>
      )}
      {state.kind === 'verified' && (
        <div className={authStyles.actions}>
          <Notice tone="success">{t('auth.verify.done', { email: state.email })}</Notice>
          <Button
            block
            onClick={() =>
              navigate(`/login?email=${encodeURIComponent(state.email)}`, { state: { notice: 'verified' } })
            }
          >
            {t('auth.verify.continue')}
          </Button>
        </div>
      )}
      {state.kind === 'waiting' && (
        <Notice tone="info">{email ? t('auth.verify.sent', { email }) : t('auth.verify.sentNoEmail')}</Notice>
      )}
      {state.kind === 'failed' && <Notice tone="error">{state.message}</Notice>}
      {(state.kind === 'waiting' || state.kind === 'failed') && <ResendForm email={email} />}
    </AuthLayout>
  );
}

function ResendForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ defaultValues: { email } });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await api.post('/api/auth/email/resend', { email: values.email.trim() }, { auth: false });
      setSent(true);
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  });
  return (
    <form className={authStyles.form} onSubmit={onSubmit} noValidate>
      <p className={authStyles.footer}>{t('auth.verify.resendPrompt')}</p>
      {sent && <Notice tone="success">{t('auth.verify.resent')}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label={t('auth.verify.emailLabel')}
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email', emailRules(t))}
      />
      <Button type="submit" variant="secondary" block busy={formState.isSubmitting}>
        {t('auth.verify.resend')}
      </Button>
    </form>
  );
}
