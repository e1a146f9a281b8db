import { useLingui } from '@lingui/react/macro';
import { IconTruck } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function TruckDocumentationPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Load truck`}
      description={t`Upload the shipping documents of a truck load.`}
      icon={<IconTruck size={30} stroke={1.5} />}
      emptyTitle={t`Pick a confirmed request`}
      emptyDescription={t`Here you will choose a confirmed request and upload its invoice, weight and radioactivity certificates, B/L and photos.`}
    />
  );
}
