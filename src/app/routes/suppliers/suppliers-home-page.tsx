import { useLingui } from '@lingui/react/macro';
import { IconTruckDelivery } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function SuppliersHomePage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`My requests`}
      description={t`Transport requests from your yards.`}
      icon={<IconTruckDelivery size={30} stroke={1.5} />}
      emptyTitle={t`No requests yet`}
      emptyDescription={t`Create a request to ask for a truck or a railcar at one of your yards.`}
    />
  );
}
