import { notifications, type NotificationData } from '@mantine/notifications';

/** Push-driven toasts stay 20 s; every other toast keeps Mantine's default. */
export const PUSH_TOAST_MS = 20_000;

/** `id` keeps one toast per event when the same event arrives twice. */
export function showPushToast(toast: Pick<NotificationData, 'id' | 'title' | 'message'>): void {
  notifications.show({ ...toast, color: 'brand', autoClose: PUSH_TOAST_MS });
}
