import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

export interface PageHeaderProps {
  /** The screen's translated title; a string also becomes the document title. */
  title: ReactNode;
  /** One short line under the title. */
  description?: ReactNode;
  /** Page action buttons (e.g. 'New request', 'Clean filters'); they wrap under the title on small screens. */
  actions?: ReactNode;
  /** Checkbox filter groups and other filters, shown in a row under the title. */
  filters?: ReactNode;
}

export const APP_NAME = 'Scrap Portal';

/** The top of every dashboard screen: title, actions on the right, filters below. */
export function PageHeader({ title, description, actions, filters }: PageHeaderProps) {
  useEffect(() => {
    if (typeof title === 'string') document.title = `${title} · ${APP_NAME}`;
  }, [title]);

  return (
    <Stack gap="sm" mb="lg">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Box miw={0}>
          <Title order={1} fz={{ base: 22, md: 26 }} lh={1.2}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          )}
        </Box>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {filters && (
        <Group gap="lg" align="flex-start" wrap="wrap" data-testid="page-filters">
          {filters}
        </Group>
      )}
    </Stack>
  );
}
