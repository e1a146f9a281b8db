import { useLingui } from '@lingui/react/macro';
import { IconTrain } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function CustomsRailcarDocumentationDetailPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <ScreenPlaceholder
      title={t`Railcar documentation · Trip ID ${id}`}
      description={t`Documents of this railcar load.`}
      icon={<IconTrain size={30} stroke={1.5} />}
      emptyTitle={t`Nothing to show for this ticket yet`}
      emptyDescription={t`The waybill, invoice, certificates and photos of this railcar load will be shown here.`}
    />
  );
}
