/**
 * The two general settings of /settings: how many hours an offer waits before the next carrier is
 * offered (0 = never) and after how many days unconfirmed tickets are removed (at least 1). Each saves
 * on its own; the allocation sweep reads the new value at its next run.
 */
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import { NotOnDevice, unavailableReason } from '../../../components/not-on-device';
import { SavedAt } from '../../../components/saved-at';
import { useMessageTranslator } from '../../../lib/messages';
import { NumberField } from '../../../components/number-field';
import { formNumber } from '../../../../shared/domain/number-text';
import { BACK_OFFICE_TOASTS } from '../../../lib/back-office-messages';
import { checkSetting, type ConfigurationView } from '../../../../shared/schemas/configuration';
import { useConfigurations, useUpdateConfiguration } from '../api/masters';
import { serverFieldErrors } from '../server-error';
import { toastError, toastSuccess } from '../toasts';
import { NetworkButton } from '../../../components/network-button';

export function SettingsCard({ readOnly }: { readOnly: boolean }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const configurations = useConfigurations();
  const byKey = (key: string) => configurations.data?.find((c) => c.key === key);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconAdjustments size={24} stroke={1.5} aria-hidden />
          <Title order={2} size="h4">{t`Allocation`}</Title>
        </Group>
        {unavailableReason(configurations) === 'offline' ? (
          <NotOnDevice reason="offline" subject="list" onRetry={() => void configurations.refetch()} />
        ) : configurations.isError ? (
          <Text c="red" role="alert">
            {tm(BACK_OFFICE_TOASTS.configLoadError)}
          </Text>
        ) : configurations.isPending ? (
          <Skeleton height={120} />
        ) : (
          <>
            <SavedAt at={configurations.dataUpdatedAt} />
            <SettingRow
              config={byKey('ALLOCATION_FREQUENCY')}
              label={t`Offer waiting time (hours)`}
              hint={t`How long a carrier has to answer before the ticket is offered to the next one. 0 = offers never expire.`}
              readOnly={readOnly}
              onToast={{ tm }}
            />
            <SettingRow
              config={byKey('DELETE_TICKETS_FREQUENCY')}
              label={t`Ticket expiry (days)`}
              hint={t`Pending and confirmed tickets older than this are removed.`}
              readOnly={readOnly}
              onToast={{ tm }}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function SettingRow({
  config,
  label,
  hint,
  readOnly,
  onToast: { tm },
}: {
  config: ConfigurationView | undefined;
  label: string;
  hint: string;
  readOnly: boolean;
  onToast: { tm: (text: string) => string };
}) {
  const { t } = useLingui();
  const update = useUpdateConfiguration();
  const [value, setValue] = useState<number | string>(config ? Number(config.value) : '');
  const [error, setError] = useState<string | null>(null);
  if (!config) return null;
  const save = () => {
    const n = formNumber(value) ?? Number.NaN;
    const problem = checkSetting(config.key, n);
    if (problem) return setError(tm(problem));
    setError(null);
    update.mutate(
      { id: config.id, value: n },
      {
        onSuccess: () => toastSuccess(tm(BACK_OFFICE_TOASTS.configUpdated)),
        onError: (e) => {
          const fields = serverFieldErrors(e, tm);
          if (fields.value) setError(fields.value);
          toastError(tm(BACK_OFFICE_TOASTS.configError));
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NumberField
          kind="count"
          label={label}
          description={hint}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          disabled={readOnly}
          error={error}
          w={{ base: '100%', sm: 360 }}
        />
        <NetworkButton
          type="submit"
          mt={{ base: 0, sm: 46 }}
          disabled={readOnly || String(value) === config.value}
          loading={update.isPending}
        >
          {t`Save`}
        </NetworkButton>
      </Group>
    </form>
  );
}
