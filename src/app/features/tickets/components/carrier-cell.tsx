import { Badge, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { CarrierMode } from '../../../../shared/domain/roles';
import { isUnassigned, openOffer } from '../ticket-format';
import type { Ticket } from '../types';

export function useModeLabel(): (mode: CarrierMode) => string {
  const { t } = useLingui();
  return (mode) => (mode === 'RAILCAR' ? t`Railcar` : t`Truck`);
}

/** Who carries the ticket, or whom it is offered to now, or that nobody is (admins assign by hand). */
export function CarrierCell({ ticket }: { ticket: Ticket }) {
  const { t } = useLingui();
  const modeLabel = useModeLabel();
  if (isUnassigned(ticket)) {
    return (
      <Badge
        color="orange"
        variant="outline"
        radius="sm"
        h="auto"
        py={3}
        maw="100%"
        styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } }}
        data-testid="unassigned"
      >
        {t`Unassigned`}
      </Badge>
    );
  }
  const offer = ticket.status.name === 'PENDING' ? openOffer(ticket) : undefined;
  const carrier = offer?.carrier ?? ticket.carrier;
  if (!carrier) return <Text size="sm">—</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" lh={1.3}>
        {offer ? t`Offered to ${carrier.businessName}` : carrier.businessName}
      </Text>
      <Text size="xs" c="dimmed">
        {modeLabel(carrier.mode)}
      </Text>
    </Stack>
  );
}
