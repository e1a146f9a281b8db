import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import type { User } from '../../../shared/schemas/user';

export interface UserMenuProps {
  user: User;
  onLogout: () => void;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0]];
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The second line under the user's name: their company, or an administrator label (spec section 1). */
export function useAffiliation(user: User): string {
  const { t } = useLingui();
  const role = user.roles[0]?.name;
  if (role === 'ADMIN') return t`Administrator`;
  if (role === 'ADMINRO') return t`Read-only administrator`;
  const detail = user.userDetail;
  return detail.carrier?.businessName ?? detail.supplier?.businessName ?? detail.customsAgent?.businessName ?? '';
}

export function UserMenu({ user, onLogout }: UserMenuProps) {
  const { t } = useLingui();
  const name = user.userDetail.name || user.username;
  const affiliation = useAffiliation(user);

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t`Account of ${name}`} style={{ borderRadius: 999 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={36}>
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
            <IconChevronDown size={14} aria-hidden />
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
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t`Log out`}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
