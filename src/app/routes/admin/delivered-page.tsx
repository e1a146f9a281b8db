import { useLingui } from '@lingui/react/macro';
import { IconListCheck } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function DeliveredPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Delivered requests`}
      description={t`Tickets that reached their destination depot.`}
      icon={<IconListCheck size={30} stroke={1.5} />}
      emptyTitle={t`No delivered requests yet`}
      emptyDescription={t`Once a ticket is delivered it moves here with its documents and invoices.`}
    />
  );
}
