import { Group, SegmentedControl, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { SAP_VALIDATION_STATUSES, type SapValidationStatus } from '../../../../shared/schemas/invoice';
import { useBrowserOnline, useOfflineReason } from '../../../components/network-button';
import { useMessageTranslator } from '../../../lib/messages';
import { useSetSapValidation } from '../api/set-sap-validation';

const ICONS = {
  pending: { icon: IconClockHour4, color: 'yellow' },
  confirmed: { icon: IconCircleCheck, color: 'teal' },
  rejected: { icon: IconCircleX, color: 'red' },
} as const;

/** The validation's own labels: Spanish agrees them with 'validación' (Confirmada, Rechazada). */
function useSapLabels(): Record<SapValidationStatus, string> {
  const { t } = useLingui();
  return {
    pending: t({ message: 'Pending', context: 'SAP validation' }),
    confirmed: t({ message: 'Confirmed', context: 'SAP validation' }),
    rejected: t({ message: 'Rejected', context: 'SAP validation' }),
  };
}

export function SapStatusIcon({ status }: { status: SapValidationStatus }) {
  const labels = useSapLabels();
  const { icon: Icon, color } = ICONS[status];
  return (
    <Group gap={6} wrap="nowrap">
      <ThemeIcon variant="light" color={color} size="sm" radius="xl" aria-hidden>
        <Icon size={14} />
      </ThemeIcon>
      <Text size="sm" c={status === 'rejected' ? 'red' : undefined} fw={500} data-testid="sap-status">
        {labels[status]}
      </Text>
    </Group>
  );
}

/** The ERP's validation of the TA invoice number (pending, confirmed, rejected) and, for admins, a control to set it. */
export function SapStatus({
  invoiceId,
  status,
  editable,
}: {
  invoiceId: number;
  status: SapValidationStatus;
  editable: boolean;
}) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const mutation = useSetSapValidation();
  const labels = useSapLabels();
  const online = useBrowserOnline();
  const offlineReason = useOfflineReason();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs">
        <Text size="sm" c="dimmed">{t`SAP validation`}</Text>
        <SapStatusIcon status={status} />
      </Group>
      {editable && (
        <SegmentedControl
          size="xs"
          value={status}
          disabled={mutation.isPending || !online}
          aria-label={t`Set SAP validation`}
          data={SAP_VALIDATION_STATUSES.map((value) => ({ value, label: labels[value] }))}
          onChange={(value) =>
            mutation.mutate(
              { invoiceId, status: value as SapValidationStatus },
              { onError: (error) => notifications.show({ color: 'red', message: tm(error.message) }) },
            )
          }
        />
      )}
      {editable && !online && (
        <Text size="xs" c="dimmed" w="100%">
          {offlineReason}
        </Text>
      )}
    </Group>
  );
}
