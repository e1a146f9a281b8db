import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader, type PageHeaderProps } from './page-header';

export interface ScreenPlaceholderProps extends PageHeaderProps {
  icon: ReactNode;
  emptyTitle: ReactNode;
  emptyDescription: ReactNode;
}

/** A routed screen whose content is still to come: its header plus a calm empty state. */
export function ScreenPlaceholder({ icon, emptyTitle, emptyDescription, ...header }: ScreenPlaceholderProps) {
  return (
    <>
      <PageHeader {...header} />
      <Paper withBorder radius="lg" py={56} px="md">
        <EmptyState icon={icon} variant="light" title={emptyTitle} description={emptyDescription} />
      </Paper>
    </>
  );
}
