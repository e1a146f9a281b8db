import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AREA_ROLES, type Area } from '../../../shared/domain/permissions';
import { FullPageLoader } from '../../components/full-page-loader';
import { useAuth } from '../../features/auth/auth-context';
import { PATHS } from '../../paths';
import { crossAreaRedirect } from '../cross-area';
import { useBackHome, useHomeBeneath } from './use-back-home';

/** Lets through only users whose roles may enter `area`; everyone else goes to /login. */
export function RequireArea({ area }: { area: Area }) {
  const { user, status } = useAuth();
  const location = useLocation();
  const backHome = useBackHome(area);
  const allowed: readonly string[] = AREA_ROLES[area];
  const elsewhere = user ? crossAreaRedirect(location.pathname, user.roles) : null;
  const mayEnter = !!user && !elsewhere && user.roles.some((role) => allowed.includes(role.name));
  useHomeBeneath(area, mayEnter);
  if (status === 'checking') return <FullPageLoader />;
  if (!user) return <Navigate to={PATHS.login.root} replace />;
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  if (!mayEnter) return <Navigate to={PATHS.login.root} replace />;
  if (backHome) return <Navigate to={backHome} replace />;
  return <Outlet />;
}
