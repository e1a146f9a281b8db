/**
 * The carrier's accept dialog: a calendar that
 * enables only the days of allowedDates and a time list of allowedTimes for the chosen day, so only a
 * valid withdrawal slot can be picked. It sends the slot as an ISO instant and the device's
 * getTimezoneOffset(); a refusal shows the server's message.
 */
import { Alert, Modal, Select, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { dayjs } from '../../../lib/dayjs';
import { useMemo, useState } from 'react';
import { allowedDates, allowedTimes, checkWithdrawal, earliestSlot } from '../../../../shared/domain/withdrawal';
import { ConfirmTicketSchema } from '../../../../shared/schemas/ticket';
import { formatDateTime, formatTime, timeZoneName } from '../../../../shared/format/display-format';
import { useMessageTranslator } from '../../../lib/messages';
import { toastNotKept, toastQueued } from '../../../offline/outbox-messages';
import { isNotKeptError } from '../../../offline/storage';
import { useConfirmTicket } from '../api/confirm-ticket';
import { serverMessage } from '../../../lib/server-message';
import { toastError, toastSuccess } from '../toasts';
import type { Ticket } from '../types';
import { ErrorAlert } from '../../../components/error-alert';
import { DialogActions } from '../../../components/dialog-actions';

export interface TicketDialogProps {
  ticket: Ticket;
  onClose: () => void;
}

/** The local calendar day of an instant on this device, as 'YYYY-MM-DD'. */
const localDay = (instant: Date, offset: number) =>
  new Date(instant.getTime() - offset * 60_000).toISOString().slice(0, 10);

export function AcceptTicketDialog({ ticket, onClose }: TicketDialogProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const confirm = useConfirmTicket();
  // The window is computed once when the dialog opens; the submit re-checks it against the clock.
  const [now] = useState(() => new Date());
  const offset = now.getTimezoneOffset();
  const dates = useMemo(() => allowedDates(now, offset), [now, offset]);
  const first = useMemo(() => earliestSlot(now, offset), [now, offset]);
  const [day, setDay] = useState<string | null>(() => localDay(first.instant, offset));
  const [time, setTime] = useState<string | null>(first.time);
  const slots = useMemo(() => (day ? allowedTimes(day, now, offset) : []), [day, now, offset]);
  const slot = slots.find((s) => s.time === time) ?? null;
  // The slots are in this device's time zone: the time list and the summary name it (the carrier may be
  // across a zone line from the yard).
  const zone = timeZoneName(first.instant, i18n.locale);

  const form = useForm({
    mode: 'controlled',
    initialValues: { withdrawalDate: first.instant.toISOString(), timezone: offset },
    validate: schemaResolver(ConfirmTicketSchema, { sync: true }),
  });

  const choose = (nextDay: string | null, nextTime: string | null) => {
    setDay(nextDay);
    const options = nextDay ? allowedTimes(nextDay, now, offset) : [];
    const kept = options.find((s) => s.time === nextTime) ?? null;
    setTime(kept?.time ?? null);
    form.setFieldValue('withdrawalDate', kept ? kept.instant.toISOString() : '');
  };

  const submit = form.onSubmit(async (values) => {
    const timezone = new Date().getTimezoneOffset();
    const check = checkWithdrawal(new Date(values.withdrawalDate), new Date(), timezone);
    if (!check.ok) {
      form.setFieldError('withdrawalDate', check.message);
      return;
    }
    try {
      const result = await confirm.mutateAsync({ id: ticket.id, withdrawalDate: values.withdrawalDate, timezone });
      if (result.status === 'queued') toastQueued(i18n, result.reason, t`Trip ID ${ticket.id}`);
      else
        toastSuccess(
          t`Trip ID ${ticket.id} accepted. Pickup ${formatDateTime(values.withdrawalDate, i18n.locale, { zone: true })}.`,
        );
      onClose();
    } catch (error) {
      if (!toastNotKept(i18n, error)) toastError(serverMessage(error, tm, t`The ticket could not be accepted.`));
    }
  });

  const error = form.errors.withdrawalDate;
  return (
    <Modal opened onClose={onClose} title={t`Accept trip #${ticket.id}`} centered size="auto">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={340}>
          <Text size="sm" c="dimmed">
            {t`Choose when you will pick up the load at ${ticket.origin.name}, ${ticket.origin.city}.`}
          </Text>
          <Stack gap={4} align="center">
            <DatePicker
              value={day}
              onChange={(value) => choose(value, time)}
              defaultDate={dates[0]}
              minDate={dates[0]}
              maxDate={dates[dates.length - 1]}
              excludeDate={(date) => !dates.includes(date)}
              getDayAriaLabel={(date) => dayjs(date).format('dddd D MMMM YYYY')}
              allowDeselect={false}
              aria-label={t`Withdrawal date`}
            />
          </Stack>
          <Select
            label={t`Withdrawal time`}
            description={t`Times in ${zone}, the time zone of this device`}
            placeholder={day ? t`Pick a time` : t`Pick a date first`}
            data={slots.map((s) => ({ value: s.time, label: formatTime(s.instant, i18n.locale) }))}
            value={slot ? slot.time : null}
            onChange={(value) => choose(day, value)}
            disabled={!day}
            allowDeselect={false}
            maxDropdownHeight={240}
            comboboxProps={{ withinPortal: true }}
            error={error ? tm(error) : undefined}
            size="md"
          />
          {slot && (
            <Alert variant="light" color="brand" p="xs">
              <Text size="sm">{t`Pickup: ${formatDateTime(slot.instant, i18n.locale, { weekday: true, zone: true })}`}</Text>
            </Alert>
          )}
          {confirm.isError && !isNotKeptError(confirm.error) && (
            <ErrorAlert p="xs">{serverMessage(confirm.error, tm, t`The ticket could not be accepted.`)}</ErrorAlert>
          )}
          <DialogActions
            backText={t`Cancel`}
            onBack={onClose}
            confirmText={t`Accept`}
            loading={confirm.isPending}
            disabled={!slot}
            size="md"
          />
        </Stack>
      </form>
    </Modal>
  );
}
