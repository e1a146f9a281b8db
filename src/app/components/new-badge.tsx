import { Badge, type BadgeProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** Marks a ticket customs have not read yet (isCustomsUnread) beside or below its trip id. */
export function NewBadge(props: BadgeProps) {
  const { t } = useLingui();
  return (
    <Badge size="xs" color="orange" variant="filled" ml={6} style={{ verticalAlign: 'middle' }} {...props}>
      {t`New`}
    </Badge>
  );
}
