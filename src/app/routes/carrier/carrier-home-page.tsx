import { useLingui } from '@lingui/react/macro';
import { IconTruckDelivery } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function CarrierHomePage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`My tickets`}
      description={t`Tickets offered to you and the ones you carry.`}
      icon={<IconTruckDelivery size={30} stroke={1.5} />}
      emptyTitle={t`No tickets right now`}
      emptyDescription={t`New transport requests offered to you will appear here, ready to accept or decline.`}
    />
  );
}
