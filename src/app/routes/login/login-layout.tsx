import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { OfflineBadge } from '../../components/offline-badge';
import { UpdateNote } from '../../components/update-note';
import { getSession, subscribeSession } from '../../lib/session-store';
import { LoginNotice } from './login-notice';
import classes from './login-layout.module.css';

/** The frame of every /login screen: brand, language and a centred card. */
export function LoginLayout() {
  const { t } = useLingui();
  // Signed out by the server (expired, or ended by a password change): the user learns why.
  const { ended } = useSyncExternalStore(subscribeSession, getSession, getSession);
  return (
    <Box className={classes.page}>
      <Group justify="space-between" className={classes.top} wrap="nowrap">
        <Logo size={40} />
        <Group gap="sm" wrap="nowrap">
          <OfflineBadge />
          <LanguageSwitch />
        </Group>
      </Group>
      <Center component="main" className={classes.center}>
        <Stack w="100%" maw={420} gap="md">
          <UpdateNote mb={0} />
          {ended && (
            <LoginNotice color="yellow" role="alert">
              <Text size="sm">{t`Your session has ended; sign in again`}</Text>
            </LoginNotice>
          )}
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 32 }} className={classes.card}>
            <Outlet />
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            {t`Transport tickets, shipping documents and customs review for scrap material.`}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
