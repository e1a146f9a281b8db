import { can } from '../../../shared/domain/permissions';
import { useAuth } from '../../features/auth/auth-context';
import { RpaList } from '../../features/accounting/components/rpa-list';

export function AccountingPage() {
  const { user } = useAuth();
  return <RpaList mayCreate={!!user && can(user.roles, 'rpa:create')} />;
}
