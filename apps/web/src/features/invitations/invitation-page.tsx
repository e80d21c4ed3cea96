import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { Spinner } from '../../ui/spinner';
import { AuthLayout, authStyles } from '../auth';
import { RegisterToAccept, SignInToAccept } from './invitation-forms';
import { useInvitation } from './use-invitation';

/**
 * /register/invitation?token=…&email=…: the invitee sees the workspace and the role, then joins:
 * at once when signed in with the invited address, after signing in when the address has an
 * account, or by registering.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  const link = useMemo(() => (token && email ? { token, email } : null), [token, email]);
  const { lookup, accept, land } = useInvitation(link);
  const { isSignedIn, profile, signOut } = useSession();
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleJoin = async () => {
    setJoining(true);
    setError(null);
    try {
      await accept();
    } catch (caught) {
      setError(errorMessage(caught, t));
      setJoining(false);
    }
  };

  if (!link || lookup.error) {
    return (
      <AuthLayout title={t('invitation.invalidTitle')}>
        <Notice tone="error">
          {lookup.error ? errorMessage(lookup.error, t) : t('errors.codes.INVITATION_INVALID')}
        </Notice>
        <p>{t('invitation.invalidBody')}</p>
        <Link to={isSignedIn ? '/home' : '/login'}>
          {isSignedIn ? t('invitation.toHome') : t('invitation.toSignIn')}
        </Link>
      </AuthLayout>
    );
  }
  const invitation = lookup.data;
  if (!invitation || (isSignedIn && !profile)) {
    return (
      <AuthLayout title={t('invitation.loadingTitle')}>
        <Spinner label={t('app.loading')} />
      </AuthLayout>
    );
  }

  const role = t(`workspaces.roles.${invitation.role}`);
  const subtitle = invitation.inviter_name
    ? t('invitation.subtitleFrom', { name: invitation.inviter_name, team: invitation.team.name, role })
    : t('invitation.subtitle', { team: invitation.team.name, role });
  const isSameAccount = profile?.email.toLowerCase() === invitation.email.toLowerCase();

  return (
    <AuthLayout title={t('invitation.title', { team: invitation.team.name })} subtitle={subtitle}>
      {error && <Notice tone="error">{error}</Notice>}
      {profile && isSameAccount && (
        <div className={authStyles.form}>
          <Button block busy={joining} onClick={() => void handleJoin()}>
            {t('invitation.join', { team: invitation.team.name })}
          </Button>
        </div>
      )}
      {profile && !isSameAccount && (
        <div className={authStyles.form}>
          <Notice tone="error">{t('errors.codes.INVITATION_OTHER_ACCOUNT')}</Notice>
          <p>{t('invitation.otherAccount', { current: profile.email, invited: invitation.email })}</p>
          <Button variant="secondary" block onClick={() => void signOut()}>
            {t('invitation.signOut')}
          </Button>
        </div>
      )}
      {!isSignedIn && invitation.account_exists && (
        <SignInToAccept invitation={invitation} onAccept={accept} />
      )}
      {!isSignedIn && !invitation.account_exists && (
        <RegisterToAccept link={link} invitation={invitation} onRegistered={land} />
      )}
    </AuthLayout>
  );
}
