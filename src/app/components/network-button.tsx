/**
 * A button for an action that needs the server now (nothing on the device could keep it to send later:
 * creating or deleting requests, invoices, master data, downloads). Without a connection it stays in
 * place but cannot be used, and says why: a tooltip on hover, focus or touch, and the same text as its
 * accessible description. It stays focusable (aria-disabled rather than disabled) so a keyboard or
 * screen-reader user can reach the reason. Actions the outbox keeps (accept, decline, documentation,
 * the customs read flag) use a plain button and stay enabled offline.
 * Decision: src/app/offline/decisions/0002-actions-offline.md.
 */
import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { onlineManager } from '@tanstack/react-query';
import { useId, useSyncExternalStore, type ComponentPropsWithoutRef, type MouseEvent } from 'react';

/** The browser's connection flag as TanStack Query follows it (what pauses the queries, too). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** The reason an action that needs the server cannot be used offline. */
export function useOfflineReason(): string {
  const { t } = useLingui();
  return t`Needs a connection: this action cannot wait on the device to be sent later.`;
}

export type NetworkButtonProps = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

export function NetworkButton({ onClick, type, ...props }: NetworkButtonProps) {
  const online = useBrowserOnline();
  const reason = useOfflineReason();
  const id = useId();
  if (online) return <Button type={type} onClick={onClick} {...props} />;
  const describedBy = [props['aria-describedby'], id].filter(Boolean).join(' ');
  return (
    <>
      <Tooltip label={reason} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
        <Button
          {...props}
          // Never a submit while offline: Enter in the dialog's form must not send it either.
          type="button"
          data-disabled
          aria-disabled
          aria-describedby={describedBy}
          loading={false}
          onClick={(event: MouseEvent<HTMLButtonElement>) => event.preventDefault()}
        />
      </Tooltip>
      <VisuallyHidden id={id}>{reason}</VisuallyHidden>
    </>
  );
}
