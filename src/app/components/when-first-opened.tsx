/**
 * A dialog whose code loads the first time it is opened, not with the screen that offers it: a
 * phone on a slow connection paints the list without the forms it may never open. Once loaded it
 * stays mounted, so it closes with its transition and opens at once the next time. While its code
 * arrives a spinner stands where the dialog will appear.
 *
 * The service worker keeps a signed-in role's dialogs once the first screen is idle; a dialog opened
 * offline before that has no code to run. It then closes again, says there is no connection, and the
 * next opening tries the download again (the screen around it stays as it was).
 */
import { Box } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { FullPageLoader } from './full-page-loader';

/** The screen's loading spinner, over the screen that offers the dialog. */
const Arriving = () => (
  <Box pos="fixed" inset={0} style={{ zIndex: 300 }}>
    <FullPageLoader />
  </Box>
);

/** The dialog's code could not be downloaded. */
class DialogCodeUnavailable extends Error {}

interface CodeBoundaryProps {
  onUnavailable: () => void;
  children: ReactNode;
}

/** Catches a failed download of the dialog's code; any other error goes on to the screen's boundary. */
class CodeBoundary extends Component<CodeBoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof DialogCodeUnavailable) this.props.onUnavailable();
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof DialogCodeUnavailable) return null;
    throw error;
  }
}

const openedProp = (props: object) => (props as { opened?: unknown }).opened === true;

/** `isOpen`: whether the props open the dialog (default: an `opened` prop). */
export function whenFirstOpened<P extends { onClose: () => void }>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = openedProp,
): ComponentType<P> {
  const download = () =>
    lazy(async () => ({
      default: await load().catch((error: unknown) => {
        throw new DialogCodeUnavailable(String(error));
      }),
    }));
  // React.lazy keeps a failed download for good: a new one is made for the next attempt.
  let Dialog = download();

  function WhenFirstOpened(props: P) {
    const { t } = useLingui();
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    const [attempt, setAttempt] = useState(0);
    // After a failed download the dialog stays shut until its screen has closed it (onClose may take a
    // navigation), so one tap gives one attempt and one message.
    const [failed, setFailed] = useState(false);
    // Adjusting state while rendering: the dialog mounts in the same render that opens it.
    if (!open && failed) setFailed(false);
    if (open && !wanted && !failed) setWanted(true);
    if (!wanted) return null;
    const unavailable = () => {
      Dialog = download();
      setWanted(false);
      setFailed(true);
      setAttempt((n) => n + 1);
      notifications.show({ color: 'red', message: t`No connection to the server. Check your network and try again.` });
      props.onClose();
    };
    return (
      <CodeBoundary key={attempt} onUnavailable={unavailable}>
        <Suspense fallback={open ? <Arriving /> : null}>
          <Dialog {...props} />
        </Suspense>
      </CodeBoundary>
    );
  }
  return WhenFirstOpened;
}
