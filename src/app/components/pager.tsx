import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export interface PagerProps {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  /** Items over all pages. */
  total: number;
  onChange: (page: number) => void;
}

/** Paging at the bottom centre with no size changer. */
export function Pager({ page, pageSize, total, onChange }: PagerProps) {
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
          onChange={onChange}
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
