import { useLingui } from '@lingui/react/macro';
import { IconFileText } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function ContractsPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Contracts`}
      description={t`Carrier contracts with their price and validity.`}
      icon={<IconFileText size={30} stroke={1.5} />}
      emptyTitle={t`No contracts to show`}
      emptyDescription={t`Carrier contracts will be listed here, with filters by carrier and status.`}
    />
  );
}
