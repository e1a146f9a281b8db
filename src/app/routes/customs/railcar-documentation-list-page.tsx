import { useLingui } from '@lingui/react/macro';
import { IconTrain } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function CustomsRailcarDocumentationPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Railcar documentation`}
      description={t`Railcar loads at your border crossings.`}
      icon={<IconTrain size={30} stroke={1.5} />}
      emptyTitle={t`Nothing to review`}
      emptyDescription={t`Railcar documentation of tickets at your border crossings will be listed here.`}
    />
  );
}
