import { Navigate } from 'react-router-dom';
import { homeFor } from '../../../shared/domain/roles';
import { FullPageLoader } from '../../components/full-page-loader';
import { useAuth } from '../../features/auth/auth-context';
import { PATHS } from '../../paths';

/** /dashboard and / : to the home of the first role, or to /login. */
export function HomeRedirect() {
  const { user, status } = useAuth();
  if (status === 'checking') return <FullPageLoader />;
  return <Navigate to={user ? homeFor(user.roles) : PATHS.login.root} replace />;
}
