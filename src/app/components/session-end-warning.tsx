/**
 * The session ends at local midnight (the token expires then, spec "Login expiry"). Ten minutes before,
 * the signed-in frame says so above the page, in the page's flow so it covers no control, and tells the
 * user that nothing typed is lost. It goes away by itself after midnight.
 * Decision: src/app/features/auth/decisions/0001-session-end.md.
 */
import { Alert } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconClockExclamation } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { msUntilLocalMidnight } from '../../shared/schemas/auth';

/** How long before midnight the warning shows. */
export const SESSION_WARNING_MS = 10 * 60 * 1000;

const inWarning = () => msUntilLocalMidnight() <= SESSION_WARNING_MS;

export function SessionEndWarning() {
  const { t } = useLingui();
  const [warning, setWarning] = useState(inWarning);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Wakes at the start of the warning and again just after midnight, and decides from the clock then.
    const schedule = () => {
      const left = msUntilLocalMidnight();
      const wait = left <= SESSION_WARNING_MS ? left + 1000 : left - SESSION_WARNING_MS;
      timer = setTimeout(() => {
        setWarning(inWarning());
        schedule();
      }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);

  if (!warning) return null;
  return (
    <Alert
      role="status"
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconClockExclamation size={18} />}
      title={t`Your session ends at midnight`}
      data-testid="session-end-warning"
    >
      {t`In less than 10 minutes you will be asked to sign in again. What you typed and anything waiting to be sent stay on this device, and signing in brings you back to this screen.`}
    </Alert>
  );
}
