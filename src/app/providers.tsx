import { DatesProvider } from '@mantine/dates';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { I18nProvider, useLingui } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { AuthProvider } from './features/auth/auth-context';
import { i18n } from './lib/i18n';
import { dayjsLocale } from './lib/locale-format';
import { localizedTheme } from './lib/localized-theme';
import { cssVariablesResolver } from './lib/theme';
import classes from './providers.module.css';

function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <DatesProvider settings={{ locale: dayjsLocale(active.locale), firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals (component tests). */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Everything the screens rely on, in one place (the tests render with the same providers). */
/** Mantine with its own texts in the active language (a new theme object only when the language changes). */
function LocalisedMantine({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const { i18n: active } = useLingui();
  const locale = active.locale;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts depend on the locale only
  const theme = useMemo(() => localizedTheme(active), [locale]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      <LocalisedMantine env={env}>
        <LocalisedDates>
          {/* Below the dashboard header (AppShell publishes its height on :root), at the top elsewhere. */}
          <Notifications position="top-right" zIndex={1000} limit={4} classNames={{ root: classes.notifications }} />
          <QueryClientProvider client={queryClient}>
            <AuthProvider>{children}</AuthProvider>
          </QueryClientProvider>
        </LocalisedDates>
      </LocalisedMantine>
    </I18nProvider>
  );
}
