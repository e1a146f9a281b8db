import { useLingui } from '@lingui/react/macro';
import { IconTruck } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function CustomsTruckDocumentationPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Truck documentation`}
      description={t`Truck loads at your border crossings.`}
      icon={<IconTruck size={30} stroke={1.5} />}
      emptyTitle={t`Nothing to review`}
      emptyDescription={t`Truck documentation of tickets at your border crossings will be listed here.`}
    />
  );
}
