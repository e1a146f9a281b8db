import { useLingui } from '@lingui/react/macro';
import { IconCategory } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function CategoriesPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Carrier categories`}
      description={t`Each carrier's category and whether allocation may offer it tickets.`}
      icon={<IconCategory size={30} stroke={1.5} />}
      emptyTitle={t`No carriers to show`}
      emptyDescription={t`Carriers with their category and allocation setting will be listed here.`}
    />
  );
}
