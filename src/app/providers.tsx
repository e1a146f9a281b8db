import { DatesProvider } from '@mantine/dates';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthProvider } from './features/auth/auth-context';
import { i18n } from './lib/i18n';
import { dayjsLocale } from './lib/locale-format';
import { localizedTheme } from './lib/localized-theme';
import { cssVariablesResolver } from './lib/theme';
import classes from './providers.module.css';

// The toasts' container (its transitions and portal) is not part of the first screen's code; a toast
// shown before it arrives waits in Mantine's store and appears with it.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <DatesProvider settings={{ locale: dayjsLocale(active.locale), firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals (component tests). */
  env?: 'default' | 'test';
  /** The toasts' container mounts once this settles (the app: when its first screen is idle). */
  notificationsAfter?: Promise<void>;
  /**
   * Settles once the signed-in user's saved lists are back from IndexedDB. Until then the screens render
   * (frame, skeletons) but their queries wait instead of fetching, so an offline start shows the saved
   * lists rather than an error. The app passes it only when it starts offline: online, the lists fetch
   * at once and the saved copy fills only what is still waiting for an answer.
   */
  restored?: Promise<void>;
  /**
   * How long the queries wait for `restored` at most (default 3 s): IndexedDB can stay blocked (another
   * tab of an older version holding the database open), and the screens must not wait for it for ever.
   * A copy that comes back later still fills the lists.
   */
  restoreDeadlineMs?: number;
  children: ReactNode;
}

function RestoreGate({
  restored,
  deadlineMs,
  children,
}: {
  restored: Promise<void> | undefined;
  deadlineMs: number;
  children: ReactNode;
}) {
  const [restoring, setRestoring] = useState(restored !== undefined);
  useEffect(() => {
    if (!restored) return;
    let mounted = true;
    // A failed restore (no IndexedDB) only means nothing was saved: the queries go to the network.
    const done = () => mounted && setRestoring(false);
    void restored.then(done, done);
    const deadline = setTimeout(done, deadlineMs);
    return () => {
      mounted = false;
      clearTimeout(deadline);
    };
  }, [restored, deadlineMs]);
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}

function DeferredNotifications({ after }: { after: Promise<void> | undefined }) {
  const [ready, setReady] = useState(after === undefined);
  useEffect(() => {
    let mounted = true;
    void after?.then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, [after]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" zIndex={1000} limit={4} classNames={{ root: classes.notifications }} />
    </Suspense>
  );
}

/**
 * Light or dark: the device's setting until the user picks one in the account menu (user-menu.tsx), then
 * that, remembered on this device. A cab at night wants the dark scheme; a yard at noon, the light one.
 */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'color-scheme' });

/** Mantine with its own texts in the active language (a new theme object only when the language changes). */
function LocalisedMantine({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const { i18n: active } = useLingui();
  const locale = active.locale;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts depend on the locale only
  const theme = useMemo(() => localizedTheme(active), [locale]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}

/** Everything the screens rely on, in one place (the tests render with the same providers). */
export function AppProviders({
  queryClient,
  env = 'default',
  notificationsAfter,
  restored,
  restoreDeadlineMs = 3000,
  children,
}: AppProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      <LocalisedMantine env={env}>
        <LocalisedDates>
          {/* Bottom right, over no title or page button; above the bottom bar on phones (providers.module.css). */}
          <DeferredNotifications after={notificationsAfter} />
          <QueryClientProvider client={queryClient}>
            <RestoreGate restored={restored} deadlineMs={restoreDeadlineMs}>
              <AuthProvider>{children}</AuthProvider>
            </RestoreGate>
          </QueryClientProvider>
        </LocalisedDates>
      </LocalisedMantine>
    </I18nProvider>
  );
}
