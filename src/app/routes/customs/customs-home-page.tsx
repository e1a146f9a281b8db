import { useLingui } from '@lingui/react/macro';
import { IconPackageImport } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function CustomsHomePage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Tickets`}
      description={t`Tickets at your border crossings.`}
      icon={<IconPackageImport size={30} stroke={1.5} />}
      emptyTitle={t`No tickets at your crossings`}
      emptyDescription={t`Tickets with a provider invoice at your border crossings will be listed here.`}
    />
  );
}
