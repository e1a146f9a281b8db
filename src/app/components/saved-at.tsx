/**
 * When a list on screen was last brought from the server, shown while the app is offline (or the
 * server cannot be reached): a saved copy must not pass for the current state. Today it gives the time
 * alone ('Updated 14:05'); an older copy names its day, and its year when not this year
 * (decision: src/app/offline/decisions/0001-saved-list-time.md).
 */
import { Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useOffline } from '../lib/connectivity';
import { dayjs } from '../lib/dayjs';
import { dayjsLocale } from '../lib/locale-format';

/** The moment as the notice says it: 24-hour time, with an unambiguous day (month by name) when not today. */
export function savedAtMoment(at: number, now: number, appLocale: string): string {
  const when = dayjs(at).locale(dayjsLocale(appLocale));
  const today = dayjs(now);
  if (when.isSame(today, 'day')) return when.format('HH:mm');
  const english = appLocale !== 'es';
  if (when.isSame(today, 'year')) return when.format(english ? 'MMM D, HH:mm' : 'D MMM, HH:mm');
  return when.format(english ? 'MMM D, YYYY, HH:mm' : 'D MMM YYYY, HH:mm');
}

/** `at`: the query's dataUpdatedAt (0 when it never had data: nothing is said). */
export function SavedAt({ at }: { at: number }) {
  const { t, i18n } = useLingui();
  const offline = useOffline();
  // Today is read once per mount: a list shown across midnight is rare and a remount fixes the day.
  const [now] = useState(() => Date.now());
  if (!offline || at <= 0) return null;
  const moment = savedAtMoment(at, now, i18n.locale);
  return (
    <Group gap={6} mb="xs" wrap="nowrap" data-testid="saved-at">
      <IconHistory size={16} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="sm" c="dimmed">
        {t`Updated ${moment}`}
      </Text>
    </Group>
  );
}
