import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { homeFor, isRole } from '../../../shared/domain/roles';
import { FullPageLoader } from '../../components/full-page-loader';
import { DashboardShell } from '../../components/layout/dashboard-shell';
import { useAuth } from '../../features/auth/auth-context';
import { rememberScreen } from '../../features/auth/return-to';
import { whenFirstOpened } from '../../components/when-first-opened';
import { PATHS } from '../../paths';

const ChangeOwnPasswordModal = whenFirstOpened(() =>
  import('../../features/auth/components/change-own-password-modal').then((m) => m.ChangeOwnPasswordModal),
);

/** /dashboard: signed-in users only; the frame follows the first role. */
export function DashboardLayout() {
  const { user, status, logout } = useAuth();
  const [changingPassword, setChangingPassword] = useState(false);
  const { pathname, search } = useLocation();
  const userId = user?.id;
  // The screen on view, so that signing in again after the session ended comes back to it.
  useEffect(() => {
    if (userId !== undefined) rememberScreen(userId, pathname + search);
  }, [userId, pathname, search]);
  if (status === 'checking') return <FullPageLoader />;
  const role = user?.roles[0]?.name;
  if (!user || !isRole(role)) return <Navigate to={PATHS.login.root} replace />;
  return (
    <DashboardShell
      user={user}
      role={role}
      home={homeFor(user.roles)}
      onLogout={logout}
      onChangePassword={() => setChangingPassword(true)}
    >
      <Outlet />
      <ChangeOwnPasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </DashboardShell>
  );
}
