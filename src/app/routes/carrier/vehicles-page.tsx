import { useLingui } from '@lingui/react/macro';
import { IconTruck } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function VehiclesPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Vehicles`}
      description={t`Your trucks and railcars.`}
      icon={<IconTruck size={30} stroke={1.5} />}
      emptyTitle={t`No vehicles to show`}
      emptyDescription={t`Your equipment will be listed here.`}
    />
  );
}
