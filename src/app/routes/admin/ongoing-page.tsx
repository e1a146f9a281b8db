import { useLingui } from '@lingui/react/macro';
import { IconTruckDelivery } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function OngoingPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Ongoing requests`}
      description={t`Tickets on their way from supplier yards to the depots.`}
      icon={<IconTruckDelivery size={30} stroke={1.5} />}
      emptyTitle={t`No ongoing requests`}
      emptyDescription={t`Pending, confirmed, invoiced and in-transit tickets will be listed here, with a count per status above the list.`}
    />
  );
}
