import { useLingui } from '@lingui/react/macro';
import { IconCalculator } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function AccountingPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Accounting`}
      description={t`Accounting batches (RPA) with their provider invoices.`}
      icon={<IconCalculator size={30} stroke={1.5} />}
      emptyTitle={t`No accounting batches yet`}
      emptyDescription={t`Each batch groups the provider invoices of a period; you will be able to download it as Excel or as a zip of invoices.`}
    />
  );
}
