import { Button, Group, type ButtonProps, type MantineSize, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { NetworkButton } from './network-button';

export interface DialogActionsProps {
  /** The way out without acting ('Cancel', 'Back', 'Keep it'). */
  backText: ReactNode;
  onBack: () => void;
  /** The action. Without `onConfirm` the button submits the dialog's form. */
  confirmText: ReactNode;
  onConfirm?: () => void;
  loading?: boolean;
  disabled?: boolean;
  color?: ButtonProps['color'];
  leftSection?: ReactNode;
  /** `md` in the dialogs used from the cab and the yard (bigger targets). */
  size?: MantineSize;
  mt?: MantineSpacing;
  /** The action is sent to the server at once (not kept by the outbox): offline it waits, saying why. */
  needsNetwork?: boolean;
}

/** The foot of a dialog or form: the way back on the left of the action, both at the right edge. */
export function DialogActions({
  backText,
  onBack,
  confirmText,
  onConfirm,
  loading,
  disabled,
  color,
  leftSection,
  size,
  mt,
  needsNetwork = false,
}: DialogActionsProps) {
  const Action = needsNetwork ? NetworkButton : Button;
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onBack} size={size}>
        {backText}
      </Button>
      <Action
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        color={color}
        loading={loading}
        disabled={disabled}
        leftSection={leftSection}
        size={size}
      >
        {confirmText}
      </Action>
    </Group>
  );
}
