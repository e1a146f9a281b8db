import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LabelledValueProps {
  label: ReactNode;
  children: ReactNode;
  /** Cut a long value after this many lines (summaries); the whole value otherwise. */
  lineClamp?: number;
}

/**
 * A value under its small upper-case label: the fields of ticket cards, ticket and documentation
 * pages. Long values (addresses, file names) wrap anywhere rather than widen a phone's card.
 */
export function LabelledValue({ label, children, lineClamp }: LabelledValueProps) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div" lineClamp={lineClamp} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
