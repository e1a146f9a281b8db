import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Text, Timeline } from '@mantine/core';
import { IconCheck, IconClock, IconHandStop, IconUserCog, IconX } from '@tabler/icons-react';
import type { AssignmentStatus } from '../../../../shared/domain/ticket-status';
import { formatDateTime } from '../ticket-format';
import type { TicketAssignment } from '../types';
import { useModeLabel } from './carrier-cell';

const OFFER_LABELS: Record<AssignmentStatus, MessageDescriptor> = {
  PENDING: msg`Offered`,
  CONFIRMED: msg`Accepted`,
  DECLINED: msg`Declined`,
  REJECTED: msg`Withdrawn`,
};
const OFFER_COLORS: Record<AssignmentStatus, string> = {
  PENDING: 'yellow',
  CONFIRMED: 'green',
  DECLINED: 'red',
  REJECTED: 'gray',
};
const OFFER_ICONS: Record<AssignmentStatus, typeof IconCheck> = {
  PENDING: IconClock,
  CONFIRMED: IconCheck,
  DECLINED: IconX,
  REJECTED: IconHandStop,
};

/**
 * Every offer of the ticket, newest first: carrier, answer, reason, when it was offered and when it was
 * answered (or closed), and whether an admin chose it.
 */
export function OfferHistory({ assignments }: { assignments: TicketAssignment[] }) {
  const { t, i18n } = useLingui();
  const modeLabel = useModeLabel();
  const answerTime = (status: Exclude<AssignmentStatus, 'PENDING'>, when: string) =>
    status === 'CONFIRMED' ? t`Accepted ${when}` : status === 'DECLINED' ? t`Declined ${when}` : t`Withdrawn ${when}`;
  if (assignments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t`No carrier has been offered this ticket yet.`}
      </Text>
    );
  }
  const newestFirst = [...assignments].sort((a, b) => b.id - a.id);
  return (
    <Timeline bulletSize={26} lineWidth={2} active={newestFirst.length} aria-label={t`Offer history`}>
      {newestFirst.map((offer) => {
        const status = offer.status.name;
        const Icon = offer.manual && status === 'PENDING' ? IconUserCog : OFFER_ICONS[status];
        const reason = offer.reason === 'expired' ? t`No answer in time` : offer.reason;
        const offeredAt = formatDateTime(offer.createdAt);
        return (
          <Timeline.Item
            key={offer.id}
            color={OFFER_COLORS[status]}
            bullet={<Icon size={14} />}
            title={
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {offer.carrier.businessName}
                </Text>
                <Badge size="sm" variant="light" color={OFFER_COLORS[status]} radius="sm">
                  {i18n._(OFFER_LABELS[status])}
                </Badge>
                {offer.manual && (
                  <Badge size="sm" variant="outline" color="gray" radius="sm">
                    {t`Assigned by an administrator`}
                  </Badge>
                )}
              </Group>
            }
            data-offer-status={status}
          >
            <Text size="xs" c="dimmed">
              {modeLabel(offer.carrier.mode)} · {t`Offered ${offeredAt}`}
            </Text>
            {status !== 'PENDING' && offer.respondedAt && (
              <Text size="xs" c="dimmed" data-testid="offer-answered">
                {answerTime(status, formatDateTime(offer.respondedAt))}
              </Text>
            )}
            {reason && (
              <Text size="sm" mt={4}>
                {t`Reason: ${reason}`}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
