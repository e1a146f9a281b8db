import { useLingui } from '@lingui/react/macro';
import { IconTruck } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function CustomsTruckDocumentationDetailPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <ScreenPlaceholder
      title={t`Truck documentation · Trip ID ${id}`}
      description={t`Documents of this truck load.`}
      icon={<IconTruck size={30} stroke={1.5} />}
      emptyTitle={t`Nothing to show for this ticket yet`}
      emptyDescription={t`The invoice, certificates, B/L and photos of this truck load will be shown here.`}
    />
  );
}
