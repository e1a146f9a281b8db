import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { CustomsDocumentationList } from '../../features/customs/components/customs-documentation-list';
import { customsTruckDocumentationPath } from '../../paths';

export function CustomsTruckDocumentationPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Truck documentation`} description={t`Truck loads at your border crossings.`} />
      <CustomsDocumentationList
        mode="TRUCK"
        detailPath={customsTruckDocumentationPath}
        emptyText={t`Truck documentation of tickets at your border crossings will be listed here.`}
      />
    </>
  );
}
