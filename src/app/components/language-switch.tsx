import { SegmentedControl } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { changeLocale, isAppLocale, type AppLocale } from '../lib/i18n';

/** EN / ES, remembered on this device. */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const names: Record<AppLocale, string> = { en: t`English`, es: t`Spanish` };
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(value) => {
        if (!isAppLocale(value)) return;
        const language = names[value];
        // A language this device never used cannot be loaded offline: say so, in the language shown.
        changeLocale(value).catch(() =>
          notifications.show({
            color: 'orange',
            title: t`${language} is not saved on this device yet`,
            message: t`Connect to the internet once to switch. The screens stay in this language meanwhile.`,
          }),
        );
      }}
      data={[
        { value: 'en', label: 'EN' },
        { value: 'es', label: 'ES' },
      ]}
    />
  );
}
