import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { AuthLayout, authStyles } from './auth-layout';

/** /auth: the entry for signed-out visitors; signed-in ones go straight home. */
export function AuthLandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isSignedIn } = useSession();
  if (isSignedIn) return <Navigate to="/home" replace />;
  return (
    <AuthLayout title={t('auth.landing.title')} subtitle={t('auth.landing.body')}>
      <div className={authStyles.actions}>
        <Button block onClick={() => navigate('/login')}>
          {t('auth.landing.signIn')}
        </Button>
        <Button block variant="secondary" onClick={() => navigate('/register')}>
          {t('auth.landing.register')}
        </Button>
      </div>
    </AuthLayout>
  );
}
