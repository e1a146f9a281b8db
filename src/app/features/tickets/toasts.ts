import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export function toastError(message: ReactNode, title?: ReactNode): void {
  notifications.show({ color: 'red', title, message, autoClose: 8000 });
}

export function toastSuccess(message: ReactNode, title?: ReactNode): void {
  notifications.show({ color: 'green', title, message });
}
