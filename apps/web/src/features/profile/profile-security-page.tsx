import type { Profile } from '@strata/contracts/me';
import { isValidEmail } from '@strata/domain/emails';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { PROFILE_QUERY } from '../../lib/profile-query';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { NewPasswordFields, type NewPasswordValues } from '../auth';
import { emailRules } from '../auth/use-email-field';
import styles from './profile.module.css';
import { useReauth } from './use-reauth';

/** profile/security: the sign-in address and the password, both behind a password confirmation. */
export function ProfileSecurityPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const reauth = useReauth();
  if (!profile) return <PageSpinner label={t('app.loading')} />;
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1>{t('profile.security.title')}</h1>
        <p>{t('profile.security.subtitle')}</p>
      </header>
      <EmailSection profile={profile} run={reauth.run} />
      <PasswordSection run={reauth.run} />
      {reauth.dialog}
    </div>
  );
}

type Run = <T>(action: () => Promise<T>) => Promise<T>;

function EmailSection({ profile, run }: { profile: Profile; run: Run }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<{ email: string }>({
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const updated = await run(() => api.put<Profile>('/api/me/email', { email: email.trim() }));
      queryClient.setQueryData(PROFILE_QUERY, updated);
      reset();
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  });
  return (
    <section className={styles.section} aria-labelledby="email-title">
      <h2 id="email-title">{t('profile.security.email')}</h2>
      <p>{profile.email}</p>
      {profile.pending_email && (
        <Notice tone="info">{t('profile.security.emailPending', { email: profile.pending_email })}</Notice>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('profile.security.newEmail')}
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          validator={(value) => isValidEmail(value.trim()) || t('validation.email')}
          {...register('email', emailRules(t))}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={formState.isSubmitting}>
            {t('profile.security.changeEmail')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PasswordSection({ run }: { run: Run }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<NewPasswordValues>({ defaultValues: { password: '', confirm: '' } });
  const { handleSubmit, formState, reset } = form;
  const onSubmit = handleSubmit(async ({ password }) => {
    setMessage(null);
    try {
      await run(() => api.put('/api/me/password', { password }));
      reset();
      setMessage({ tone: 'success', text: t('profile.security.passwordChanged') });
    } catch (caught) {
      setMessage({ tone: 'error', text: errorMessage(caught, t) });
    }
  });
  return (
    <section className={styles.section} aria-labelledby="password-title">
      <h2 id="password-title">{t('profile.security.password')}</h2>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.row}>
          <NewPasswordFields
            form={form}
            labels={{
              password: t('profile.security.newPassword'),
              confirm: t('profile.security.confirmPassword'),
            }}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" busy={formState.isSubmitting}>
            {t('profile.security.changePassword')}
          </Button>
        </div>
      </form>
    </section>
  );
}
