/**
 * A dialog whose code loads the first time it is opened, not with the screen that offers it: a
 * phone on a slow connection paints the list without the forms it may never open. Once loaded it
 * stays mounted, so it closes with its transition and opens at once the next time. While its code
 * arrives a spinner stands where the dialog will appear.
 */
import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ComponentType } from 'react';

function Arriving() {
  const { t } = useLingui();
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300 }} aria-busy="true">
      <Loader role="status" aria-label={t`Loading`} />
    </Center>
  );
}

const openedProp = (props: object) => (props as { opened?: unknown }).opened === true;

/** `isOpen`: whether the props open the dialog (default: an `opened` prop). */
export function whenFirstOpened<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = openedProp,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function WhenFirstOpened(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    // Adjusting state while rendering: the dialog mounts in the same render that opens it.
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={open ? <Arriving /> : null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return WhenFirstOpened;
}
