import { Group, Text, VisuallyHidden, type MantineBreakpoint } from '@mantine/core';

export interface LogoProps {
  /** Height of the mark in px. */
  size?: number;
  /** Show the word mark next to the icon. */
  withWordmark?: boolean;
  /** Show the word mark only from this breakpoint up. */
  wordmarkVisibleFrom?: MantineBreakpoint;
}

/** The product mark: a truck hauling scrap on a rail line (public/logo.svg), plus the word mark. */
export function Logo({ size = 36, withWordmark = true, wordmarkVisibleFrom }: LogoProps) {
  return (
    <Group gap={10} wrap="nowrap" align="center">
      <img src="/logo.svg" width={size} height={size} alt="" aria-hidden="true" style={{ display: 'block' }} />
      {/* The two-tone word mark reads 'ScrapPortal' as one word: assistive technology gets the name. */}
      <VisuallyHidden>Scrap Portal</VisuallyHidden>
      {withWordmark && (
        <Text
          component="span"
          aria-hidden
          visibleFrom={wordmarkVisibleFrom}
          fw={750}
          fz={size >= 40 ? 22 : 18}
          lh={1}
          c="var(--portal-logo-strong)"
          style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}
        >
          Scrap
          <Text component="span" inherit c="var(--portal-logo-soft)">
            Portal
          </Text>
        </Text>
      )}
    </Group>
  );
}
