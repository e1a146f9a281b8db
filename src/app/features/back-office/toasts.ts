import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export const toastError = (message: ReactNode) => notifications.show({ color: 'red', message, autoClose: 8000 });
export const toastSuccess = (message: ReactNode) => notifications.show({ color: 'green', message });
export const toastInfo = (message: ReactNode) => notifications.show({ color: 'blue', message });
