/**
 * The carrier's home opens on its work: offers waiting for an answer, each with the time left before
 * it moves on to the next carrier, then today's and tomorrow's pickups (its CONFIRMED tickets by
 * withdrawal date, in the device's local day), then pickups of other days.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { IconClockHour4, IconTruckDelivery } from '@tabler/icons-react';
import {
  PICKUP_DAYS,
  hoursAndMinutes,
  minutesLeft,
  offerExpiresAt,
  pickupDay,
  type PickupDay,
} from '../../../../shared/domain/home-work';
import type { User } from '../../../../shared/schemas/user';
import { PATHS } from '../../../paths';
import { useOfferWindow } from '../api/get-offer-window';
import { openOffer } from '../ticket-format';
import type { Ticket } from '../types';
import { LazyTicketDialogs, type OpenDialog } from './lazy-ticket-dialogs';
import type { TicketDialogKind } from './ticket-actions';
import { useNow } from '../../../lib/use-now';
import { WorkCard, WorkCards, WorkSection, useClockTime, useDayAndTime, useWorkList } from './work-section';

function TimeLeft({ ticket, hours, now }: { ticket: Ticket; hours: number | undefined; now: Date }) {
  const { t } = useLingui();
  const clock = useClockTime();
  const offer = openOffer(ticket);
  if (!offer || hours === undefined) return null;
  const expires = offerExpiresAt(new Date(offer.createdAt), hours);
  if (!expires) {
    return (
      <Text size="sm" c="dimmed" data-testid="time-left">
        {t`No time limit to answer`}
      </Text>
    );
  }
  const left = minutesLeft(expires, now);
  const { hours: h, minutes: m } = hoursAndMinutes(left);
  const text =
    left === 0 ? t`Time is up: it moves on to the next carrier` : h > 0 ? t`${h} h ${m} min left` : t`${m} min left`;
  const until = clock(expires);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="time-left">
      <IconClockHour4 size={18} aria-hidden color={`var(--mantine-color-${left < 30 ? 'red' : 'orange'}-7)`} />
      {/* The icon carries the colour; the text stays dark enough to read on white (orange text does not). */}
      <Text size="sm" fw={700} c={left < 30 ? 'red.9' : undefined}>
        {text}
        <Text span size="sm" fw={400} c="dimmed">
          {' · '}
          {t`Answer by ${until}`}
        </Text>
      </Text>
    </Group>
  );
}

function PickupTime({ ticket }: { ticket: Ticket }) {
  const { t } = useLingui();
  const dayAndTime = useDayAndTime();
  if (!ticket.withdrawalDate) return null;
  const when = dayAndTime(new Date(ticket.withdrawalDate));
  return (
    <Group gap={6} wrap="nowrap" data-testid="pickup-time">
      <IconTruckDelivery size={18} aria-hidden color="var(--mantine-color-blue-7)" />
      <Text size="sm" fw={700}>
        {t`Pickup ${when}`}
      </Text>
    </Group>
  );
}

export function CarrierWork({ user }: { user: User }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const onAction = (kind: TicketDialogKind, ticket: Ticket) => setDialog({ kind, ticket });
  const { t } = useLingui();
  const now = useNow();
  const offers = useWorkList('carrierOffers');
  const pickups = useWorkList('carrierPickups');
  const window = useOfferWindow();

  const offerList = offers.data?.tickets ?? [];
  const byDay = new Map<PickupDay, Ticket[]>(PICKUP_DAYS.map((day) => [day, []]));
  for (const ticket of pickups.data?.tickets ?? []) {
    if (ticket.withdrawalDate) byDay.get(pickupDay(new Date(ticket.withdrawalDate), now))!.push(ticket);
  }
  // Only the first page of each list is here: the rest are a link away, in the list below filtered.
  const shownPickups = pickups.data?.tickets.length ?? 0;
  const allPickups = pickups.data?.count ?? 0;
  const morePickups =
    allPickups > shownPickups
      ? { to: `${PATHS.carrier.root}?status=CONFIRMED`, label: t`See all ${allPickups} confirmed pickups` }
      : undefined;
  const allOffers = offers.data?.count ?? 0;
  const titles: Record<PickupDay, string> = {
    today: t`Pickups today`,
    tomorrow: t`Pickups tomorrow`,
    overdue: t`Pickups past their time`,
    later: t`Later pickups`,
  };
  const empties: Record<PickupDay, string> = {
    today: t`No pickup today.`,
    tomorrow: t`No pickup tomorrow.`,
    overdue: '',
    later: '',
  };
  const card = (ticket: Ticket, note: ReactNode) => (
    <WorkCard key={ticket.id} ticket={ticket} role="CARRIER" user={user} onAction={onAction} note={note} />
  );

  return (
    <Stack gap="md" mb="xl" data-testid="carrier-work">
      <WorkSection
        title={t`Offers waiting for your answer`}
        count={offers.data?.count}
        loading={offers.isPending}
        notOnDevice={offers.notOnDevice}
        empty={t`No offer is waiting for you.`}
        testId="work-offers"
        more={
          allOffers > offerList.length
            ? { to: `${PATHS.carrier.root}?status=PENDING`, label: t`See all ${allOffers} offers` }
            : undefined
        }
      >
        <WorkCards>
          {offerList.map((ticket) => card(ticket, <TimeLeft ticket={ticket} hours={window.data?.hours} now={now} />))}
        </WorkCards>
      </WorkSection>
      {PICKUP_DAYS.map((day) => {
        const list = byDay.get(day)!;
        // Today and tomorrow always say how many; other days only when there are some.
        if ((day === 'overdue' || day === 'later') && list.length === 0) return null;
        return (
          <WorkSection
            key={day}
            title={titles[day]}
            count={list.length}
            loading={pickups.isPending}
            notOnDevice={pickups.notOnDevice}
            empty={empties[day]}
            testId={`work-pickups-${day}`}
          >
            <WorkCards>{list.map((ticket) => card(ticket, <PickupTime ticket={ticket} />))}</WorkCards>
          </WorkSection>
        );
      })}
      {morePickups && (
        <Anchor component={Link} to={morePickups.to} fw={600} size="sm">
          {morePickups.label}
        </Anchor>
      )}
      <LazyTicketDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
