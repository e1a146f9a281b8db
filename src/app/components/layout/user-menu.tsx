import {
  Avatar,
  Box,
  Button,
  Group,
  Menu,
  Modal,
  SegmentedControl,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronDown, IconCloudUpload, IconKey, IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import type { User } from '../../../shared/schemas/user';
import { useOutboxItems } from '../../offline/use-outbox';

// The outbox's code (Dexie) is loaded when the user opens it from here: an empty outbox has no header
// button, and this entry is where a file from another device is added (outbox-drawer.tsx).
const OutboxDrawer = lazy(() => import('../outbox-drawer').then((m) => ({ default: m.OutboxDrawer })));

export interface UserMenuProps {
  user: User;
  onLogout: () => void;
  /** Opens the own-password change (the dialog lives with the auth feature); no menu entry without it. */
  onChangePassword?: () => void;
  /** The header's class for the account button (it is the part of the header that shrinks on a phone). */
  className?: string;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0]];
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The second line under the user's name: their company, or an administrator label. */
export function useAffiliation(user: User): string {
  const { t } = useLingui();
  const role = user.roles[0]?.name;
  if (role === 'ADMIN') return t`Administrator`;
  if (role === 'ADMINRO') return t`Read-only administrator`;
  const detail = user.userDetail;
  return detail.carrier?.businessName ?? detail.supplier?.businessName ?? detail.customsAgent?.businessName ?? '';
}

/**
 * Light, dark, or the device's own setting (the default), remembered on this device: radio buttons in the
 * menu (a menu's items cannot say which one is chosen), reached with Tab, changed with the arrow keys.
 */
function SchemeChoice() {
  const { t } = useLingui();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  const choices: { value: MantineColorScheme; label: string }[] = [
    { value: 'auto', label: t`Device` },
    { value: 'light', label: t`Light` },
    { value: 'dark', label: t`Dark` },
  ];
  return (
    <Box px="sm" pb={8}>
      <Text size="xs" c="dimmed" mb={4} id={labelId}>
        {t`Appearance`}
      </Text>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-labelledby={labelId}
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        data={choices}
      />
    </Box>
  );
}

export function UserMenu({ user, onLogout, onChangePassword, className }: UserMenuProps) {
  const { t } = useLingui();
  const name = user.userDetail.name || user.username;
  const affiliation = useAffiliation(user);
  // Queued writes stay on the device for this user (sent when they sign in again); say so first.
  const outbox = useOutboxItems(user.id);
  const waiting = outbox.length;
  const [confirming, setConfirming] = useState(false);
  const [outboxOpen, setOutboxOpen] = useState(false);
  const logout = () => (waiting > 0 ? setConfirming(true) : onLogout());

  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md" withinPortal>
        <Menu.Target>
          {/* Named by what it shows (name and company), so that voice control finds it by its text. */}
          <UnstyledButton className={className} style={{ borderRadius: 999 }}>
            <VisuallyHidden>{t`Account of`}</VisuallyHidden>
            <Group gap={8} wrap="nowrap" miw={0}>
              <Avatar color="brand" radius="xl" size={36} aria-hidden>
                {initials(name)}
              </Avatar>
              <Box maw={{ base: 108, sm: 200 }} miw={0} style={{ lineHeight: 1.2 }}>
                <Text size="sm" fw={600} truncate="end">
                  {name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {affiliation}
                </Text>
              </Box>
              <IconChevronDown size={14} aria-hidden style={{ flexShrink: 0 }} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Box px="sm" py={8}>
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {affiliation}
            </Text>
          </Box>
          <Menu.Divider />
          <SchemeChoice />
          <Menu.Divider />
          {onChangePassword && (
            <Menu.Item leftSection={<IconKey size={16} />} onClick={onChangePassword}>
              {t`Change password`}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconCloudUpload size={16} />} onClick={() => setOutboxOpen(true)}>
            {t`Outbox`}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
            {t`Log out`}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {outboxOpen && (
        <Suspense fallback={null}>
          <OutboxDrawer opened onClose={() => setOutboxOpen(false)} userId={user.id} items={outbox} />
        </Suspense>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Log out with unsent items?`} centered>
        <Text size="sm">
          {waiting === 1
            ? t`1 item in the outbox has not reached the server. It stays on this device and is sent when you sign in again here.`
            : t`${waiting} items in the outbox have not reached the server. They stay on this device and are sent when you sign in again here.`}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>{t`Stay signed in`}</Button>
          <Button
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => {
              setConfirming(false);
              onLogout();
            }}
          >
            {t`Log out`}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
