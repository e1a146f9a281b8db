import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { CustomsDocumentationList } from '../../features/customs/components/customs-documentation-list';
import { customsRailcarDocumentationPath } from '../../paths';

export function CustomsRailcarDocumentationPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Railcar documentation`} description={t`Railcar loads at your border crossings.`} />
      <CustomsDocumentationList
        mode="RAILCAR"
        detailPath={customsRailcarDocumentationPath}
        emptyText={t`Railcar documentation of tickets at your border crossings will be listed here.`}
      />
    </>
  );
}
