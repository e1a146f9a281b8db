import { useLingui } from '@lingui/react/macro';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function SuppliersPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Suppliers`}
      description={t`Supplier master data and options.`}
      icon={<IconBuildingFactory2 size={30} stroke={1.5} />}
      emptyTitle={t`No suppliers to show`}
      emptyDescription={t`Suppliers with their SAP id, trade name and city will be listed here.`}
    />
  );
}
