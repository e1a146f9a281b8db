import { useLingui } from '@lingui/react/macro';
import { IconAdjustments } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function SettingsPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`General settings`}
      description={t`How long offers wait and when unconfirmed tickets expire.`}
      icon={<IconAdjustments size={30} stroke={1.5} />}
      emptyTitle={t`No settings to show`}
      emptyDescription={t`The allocation time and the ticket expiry will be editable here.`}
    />
  );
}
