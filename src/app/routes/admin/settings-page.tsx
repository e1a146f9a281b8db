import { Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { can } from '../../../shared/domain/permissions';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { SettingsCard } from '../../features/back-office/components/settings-card';
import { PurchaseOrderImportCard } from '../../features/purchase-orders/components/purchase-order-import-card';

export function SettingsPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  return (
    <Stack gap="lg">
      <PageHeader
        title={t`General settings`}
        description={t`How long offers wait and when unconfirmed tickets expire.`}
      />
      <SettingsCard readOnly={!user || !can(user.roles, 'settings:edit')} />
      <PurchaseOrderImportCard readOnly={!user || !can(user.roles, 'purchaseorder:import')} />
    </Stack>
  );
}
