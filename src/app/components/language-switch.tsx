import { SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { changeLocale, isAppLocale } from '../lib/i18n';

/** EN / ES, remembered on this device. */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(value) => {
        if (isAppLocale(value)) void changeLocale(value);
      }}
      data={[
        { value: 'en', label: 'EN' },
        { value: 'es', label: 'ES' },
      ]}
    />
  );
}
