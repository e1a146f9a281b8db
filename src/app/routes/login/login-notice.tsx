import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A light notice above or in the sign-in card, drawn like Mantine's light Alert from parts every
 * /login screen already loads: the Alert component (and the close button it brings) would be code each
 * phone downloads for notices it seldom shows.
 */
export function LoginNotice({
  color,
  title,
  role,
  children,
}: {
  color: 'brand' | 'yellow';
  title?: ReactNode;
  role?: 'alert';
  children: ReactNode;
}) {
  return (
    <Paper role={role} radius="md" p="md" bg={`var(--mantine-color-${color}-light)`}>
      {title && (
        <Text size="sm" fw={700} c={`var(--mantine-color-${color}-light-color)`}>
          {title}
        </Text>
      )}
      {children}
    </Paper>
  );
}
