import { useLingui } from '@lingui/react/macro';
import { IconTrain } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function RailcarDocumentationPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Load railcar`}
      description={t`Create or edit the documentation of a railcar load.`}
      icon={<IconTrain size={30} stroke={1.5} />}
      emptyTitle={t`Pick a confirmed request`}
      emptyDescription={t`Here you will choose a confirmed request and enter its waybill, invoice, certificates and photos.`}
    />
  );
}
