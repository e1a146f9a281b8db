import { useLingui } from '@lingui/react/macro';
import { IconMapPin } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function DepotsPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Depots`}
      description={t`Supplier yards, their location and border crossing.`}
      icon={<IconMapPin size={30} stroke={1.5} />}
      emptyTitle={t`No depots to show`}
      emptyDescription={t`Yards with their address, coordinates and border crossing will be listed here.`}
    />
  );
}
