import { useLingui } from '@lingui/react/macro';
import { IconChartBar } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function ServiceLevelPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Service level`}
      description={t`How often each carrier confirms the tickets offered to it.`}
      icon={<IconChartBar size={30} stroke={1.5} />}
      emptyTitle={t`No figures yet`}
      emptyDescription={t`Confirmation rates for the last 30 and 7 days will be shown here for every carrier.`}
    />
  );
}
