import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconShieldCheck } from '@tabler/icons-react';
import type {} from 'altcha/types/react';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { API_PREFIX } from '../../../lib/api-client';
import { ErrorAlert } from '../../../components/error-alert';

type Setup = typeof import('./altcha-setup');

let setupPromise: Promise<Setup> | undefined;
/** Loads the widget once, on first need; a failed load may be tried again. */
function loadSetup(): Promise<Setup> {
  setupPromise ??= import('./altcha-setup').catch((error: unknown) => {
    setupPromise = undefined;
    throw error;
  });
  return setupPromise;
}

interface StateChange {
  state?: string;
  payload?: string | null;
}

export interface CaptchaFieldProps {
  /** The solved payload to send as `captcha`, or null while it is not (or no longer) solved. */
  onChange: (payload: string | null) => void;
  /** Why the check is asked for and what to do, in the form's words. */
  explanation: string;
}

/**
 * The ALTCHA widget with a line saying what to do. Mount it only when the server asked for a captcha:
 * mounting loads the widget; remounting (a new `key`) starts over with a fresh challenge.
 */
export function CaptchaField({ onChange, explanation }: CaptchaFieldProps) {
  const { t, i18n } = useLingui();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadSetup().then(
      (loaded) => live && setSetup(loaded),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const locale = i18n.locale;
  // The widget's own texts come from the app's catalogues (set before it renders, again on a language change).
  const strings = {
    label: t`I'm not a robot`,
    loading: t`Loading…`,
    verify: t`Verify`,
    verifying: t`Checking…`,
    waitAlert: t`Checking… please wait.`,
    verified: t`Verified`,
    verificationRequired: t`Tick “I'm not a robot” first.`,
    error: t`The check failed. Try again.`,
    expired: t`The check expired. Tick the box again.`,
    reload: t`Try again`,
    footer: '',
  };
  const stringsKey = JSON.stringify(strings);
  useLayoutEffect(() => {
    setup?.setWidgetStrings(locale, JSON.parse(stringsKey) as Record<string, string>);
  }, [setup, locale, stringsKey]);

  // A callback ref listens from the moment the widget is in the page (an effect would run a little later).
  const attach = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const listener = (event: Event) => {
        const detail = (event as CustomEvent<StateChange>).detail;
        onChange(detail?.state === 'verified' && detail.payload ? detail.payload : null);
      };
      element.addEventListener('statechange', listener);
      return () => {
        element.removeEventListener('statechange', listener);
        onChange(null);
      };
    },
    [onChange],
  );

  return (
    <Stack gap="xs">
      <Alert color="blue" variant="light" icon={<IconShieldCheck size={18} />} title={t`Confirm you are not a robot`}>
        {explanation}
      </Alert>
      {loadFailed ? (
        <ErrorAlert>{t`The check could not be loaded. Check your connection and reload the page.`}</ErrorAlert>
      ) : setup ? (
        <altcha-widget
          ref={attach}
          challenge={`${API_PREFIX}/auth/captcha`}
          language={locale.toLowerCase()}
          name="captcha"
          type="checkbox"
          configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
        />
      ) : (
        <Text size="sm" c="dimmed" role="status">
          <Loader size="xs" mr="xs" />
          {t`Loading the check…`}
        </Text>
      )}
    </Stack>
  );
}
