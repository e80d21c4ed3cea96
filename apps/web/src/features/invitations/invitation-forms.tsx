import type { TokenRecordDto } from '@strata/contracts/common';
import type { InvitationLookup } from '@strata/contracts/invitations';
import { MIN_PASSWORD_LENGTH } from '@strata/domain/auth/password-policy';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { authStyles, nameRules, newPasswordRules } from '../auth';
import type { InvitationLink } from './use-invitation';

interface FormProps {
  link: InvitationLink;
  invitation: InvitationLookup;
  /** Accepts the invitation once signed in, and opens the workspace. */
  onAccept(): Promise<void>;
  onRegistered(teamId: number): Promise<void>;
}

/** The address has an account: sign in, then the invitation is accepted at once. */
export function SignInToAccept({ invitation, onAccept }: Omit<FormProps, 'link' | 'onRegistered'>) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ password: string }>();
  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await signIn(invitation.email, password);
      await onAccept();
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  });
  return (
    <form className={authStyles.form} onSubmit={onSubmit} noValidate>
      <p>{t('invitation.signInPrompt')}</p>
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label={t('auth.login.email')}
        type="email"
        value={invitation.email}
        readOnly
        autoComplete="username"
      />
      <TextField
        label={t('auth.login.password')}
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password', { required: t('validation.required') })}
      />
      <div className={authStyles.row}>
        <Link to={`/password/reset?email=${encodeURIComponent(invitation.email)}`}>
          {t('auth.login.forgot')}
        </Link>
      </div>
      <Button type="submit" block busy={formState.isSubmitting}>
        {t('invitation.signInAndJoin')}
      </Button>
    </form>
  );
}

/** A new address: choose a name and password; the link proves the address, so no verification mail. */
export function RegisterToAccept({ link, invitation, onRegistered }: Omit<FormProps, 'onAccept'>) {
  const { t, i18n } = useTranslation();
  const { adoptToken } = useSession();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ name: string; password: string }>({
    defaultValues: { name: '', password: '' },
  });
  const onSubmit = handleSubmit(async ({ name, password }) => {
    setError(null);
    try {
      const result = await api.post<{ team_id: number; token: TokenRecordDto }>(
        '/api/invitations/register',
        { ...link, name: name.trim(), password, locale: i18n.language, grantType: 'cookie' },
        { auth: false },
      );
      adoptToken(result.token);
      await onRegistered(result.team_id);
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  });
  return (
    <form className={authStyles.form} onSubmit={onSubmit} noValidate>
      <p>{t('invitation.registerPrompt')}</p>
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label={t('auth.register.email')}
        type="email"
        value={invitation.email}
        readOnly
        autoComplete="email"
      />
      <TextField
        label={t('auth.register.name')}
        autoComplete="name"
        error={formState.errors.name?.message}
        {...register('name', nameRules(t))}
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
        {t('invitation.registerAndJoin')}
      </Button>
    </form>
  );
}
