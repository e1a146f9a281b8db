import { useLingui } from '@lingui/react/macro';
import { IconReceipt } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function CarrierEvouchersPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`E-vouchers`}
      description={t`Payment vouchers for the trips you carried.`}
      icon={<IconReceipt size={30} stroke={1.5} />}
      emptyTitle={t`No e-vouchers to show`}
      emptyDescription={t`Payment vouchers of your trips will be listed here.`}
    />
  );
}
