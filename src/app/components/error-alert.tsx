import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * What went wrong, said where the user is looking (above a form or in a dialog) and announced to
 * screen readers at once (role alert).
 */
export function ErrorAlert(props: Omit<AlertProps, 'color' | 'variant' | 'icon' | 'role'>) {
  return <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" {...props} />;
}
