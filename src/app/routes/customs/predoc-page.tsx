import { useLingui } from '@lingui/react/macro';
import { IconFileSearch } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function PredocPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <ScreenPlaceholder
      title={t`Trip ID ${id}`}
      description={t`Pre-documentation for the border crossing.`}
      icon={<IconFileSearch size={30} stroke={1.5} />}
      emptyTitle={t`Nothing to show for this ticket yet`}
      emptyDescription={t`The supplier documents and the provider invoice of this ticket will be shown here.`}
    />
  );
}
