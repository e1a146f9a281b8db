import { Navigate, useSearchParams } from 'react-router-dom';
import { homeFor } from '../../../shared/domain/roles';
import { FullPageLoader } from '../../components/full-page-loader';
import { useAuth } from '../../features/auth/auth-context';
import { RESUME_PARAM, screenOf } from '../../features/auth/return-to';
import { PATHS } from '../../paths';

/**
 * /dashboard and / : to the home of the first role, or to /login. `/?resume=1` (a single sign-on's
 * hand-off) goes back to the screen that user's session ended on, when there is one.
 */
export function HomeRedirect() {
  const { user, status } = useAuth();
  const [params] = useSearchParams();
  if (status === 'checking') return <FullPageLoader />;
  if (!user) return <Navigate to={PATHS.login.root} replace />;
  const resumed = params.has(RESUME_PARAM) ? screenOf(user) : null;
  return <Navigate to={resumed ?? homeFor(user.roles)} replace />;
}
