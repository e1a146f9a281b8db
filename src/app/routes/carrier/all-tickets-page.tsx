import { useLingui } from '@lingui/react/macro';
import { IconList } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function AllTicketsPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`All tickets`}
      description={t`Every ticket you were offered.`}
      icon={<IconList size={30} stroke={1.5} />}
      emptyTitle={t`No tickets yet`}
      emptyDescription={t`Tickets you accepted, declined or carried will be listed here.`}
    />
  );
}
