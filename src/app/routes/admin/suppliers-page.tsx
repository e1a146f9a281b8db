import { can } from '../../../shared/domain/permissions';
import { useAuth } from '../../features/auth/auth-context';
import { SuppliersScreen } from '../../features/back-office/components/suppliers-screen';

export function SuppliersPage() {
  const { user } = useAuth();
  return <SuppliersScreen readOnly={!user || !can(user.roles, 'masters:edit')} />;
}
