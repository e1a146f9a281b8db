import { useLingui } from '@lingui/react/macro';
import { IconFileInvoice } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function TaInvoicePage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <ScreenPlaceholder
      title={t`Trip ID ${id}`}
      description={t`Supplier documentation, provider invoice and payment voucher.`}
      icon={<IconFileInvoice size={30} stroke={1.5} />}
      emptyTitle={t`Nothing to show for this ticket yet`}
      emptyDescription={t`The supplier documents, the provider (TA) invoice and the payment voucher of this ticket will be shown here.`}
    />
  );
}
