import { can } from '../../../shared/domain/permissions';
import { useAuth } from '../../features/auth/auth-context';
import { ContractsScreen } from '../../features/back-office/components/contracts-screen';

export function ContractsPage() {
  const { user } = useAuth();
  return <ContractsScreen mayEdit={!!user && can(user.roles, 'contract:edit')} />;
}
