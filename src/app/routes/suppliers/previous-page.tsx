import { useLingui } from '@lingui/react/macro';
import { IconHistory } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function PreviousPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Previous requests`}
      description={t`Requests that are already closed.`}
      icon={<IconHistory size={30} stroke={1.5} />}
      emptyTitle={t`No previous requests`}
      emptyDescription={t`Delivered and cancelled requests will be listed here.`}
    />
  );
}
