import { Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAdjustments } from '@tabler/icons-react';
import { can } from '../../../shared/domain/permissions';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { useAuth } from '../../features/auth/auth-context';
import { PurchaseOrderImportCard } from '../../features/purchase-orders/components/purchase-order-import-card';

export function SettingsPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  return (
    <Stack gap="lg">
      <div>
        <ScreenPlaceholder
          title={t`General settings`}
          description={t`How long offers wait and when unconfirmed tickets expire.`}
          icon={<IconAdjustments size={30} stroke={1.5} />}
          emptyTitle={t`No settings to show`}
          emptyDescription={t`The allocation time and the ticket expiry will be editable here.`}
        />
      </div>
      <PurchaseOrderImportCard readOnly={!user || !can(user.roles, 'purchaseorder:import')} />
    </Stack>
  );
}
