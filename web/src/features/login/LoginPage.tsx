import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { afterLoginPath } from '../../app/access';
import { clearSession } from '../../app/session';
import { tokenExpired } from '../../app/token';
import { useSession } from '../../app/useSession';
import { AuthLayout } from '../../components/AuthLayout';
import { LoginForm } from './LoginForm';

/**
 * The login page (spec section 2). Opened with a stored session whose token
 * has not expired, it signs the user straight in (to the second factor if the
 * session still owes it, else to next, default /app); an expired stored
 * session is removed.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const [openedAt] = useState(() => Date.now());
  const expired = session !== null && tokenExpired(session.token, openedAt);

  useEffect(() => {
    if (expired) clearSession();
  }, [expired]);

  if (session && !expired) return <Navigate to={afterLoginPath(session, searchParams.get('next'))} replace />;

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm />
    </AuthLayout>
  );
}
