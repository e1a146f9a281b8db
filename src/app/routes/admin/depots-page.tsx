import { can } from '../../../shared/domain/permissions';
import { useAuth } from '../../features/auth/auth-context';
import { DepotsScreen } from '../../features/back-office/components/depots-screen';

export function DepotsPage() {
  const { user } = useAuth();
  return <DepotsScreen readOnly={!user || !can(user.roles, 'masters:edit')} />;
}
