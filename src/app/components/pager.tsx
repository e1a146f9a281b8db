import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';

export interface PagerProps {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  /** Items over all pages. */
  total: number;
  onChange: (page: number) => void;
  /**
   * The top of the list: a new page is read from its first row, so the list's top is scrolled into view
   * (the pager sits at the bottom, below the old page's last row).
   */
  listTop?: RefObject<HTMLElement | null>;
}

/** Scrolls an element's top into view; its `scroll-margin-top` keeps it clear of the fixed header. */
export function scrollToListTop(element: HTMLElement | null | undefined): void {
  // Old browsers have no scrollIntoView with options; there is nothing to scroll there.
  element?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
}

/** Keeps a list's top clear of the fixed header when it is scrolled into view. */
export const LIST_TOP_STYLE = { scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 12px)' } as const;

/** Paging at the bottom centre with no size changer. */
export function Pager({ page, pageSize, total, onChange, listTop }: PagerProps) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Stack gap={6} align="center" mt="lg" data-testid="pager">
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={(next) => {
            onChange(next);
            scrollToListTop(listTop?.current);
          }}
          siblings={1}
          boundaries={1}
          size="md"
        />
      )}
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          {t`${first}–${last} of ${total}`}
        </Text>
      </Group>
    </Stack>
  );
}
