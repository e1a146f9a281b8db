import { can } from '../../../shared/domain/permissions';
import { useAuth } from '../../features/auth/auth-context';
import { CategoriesScreen } from '../../features/back-office/components/categories-screen';

export function CategoriesPage() {
  const { user } = useAuth();
  return <CategoriesScreen readOnly={!user || !can(user.roles, 'masters:edit')} />;
}
