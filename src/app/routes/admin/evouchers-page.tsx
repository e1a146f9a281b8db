import { useLingui } from '@lingui/react/macro';
import { IconReceipt } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function AdminEvouchersPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`E-vouchers`}
      description={t`Payment vouchers of provider invoices.`}
      icon={<IconReceipt size={30} stroke={1.5} />}
      emptyTitle={t`No e-vouchers to show`}
      emptyDescription={t`Payment vouchers appear here once they are added to a ticket.`}
    />
  );
}
