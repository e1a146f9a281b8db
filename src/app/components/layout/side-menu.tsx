import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { activeItemKey, itemKey } from './active-item';
import { isMenuGroup, type MenuItem } from './menu-items';

export interface SideMenuProps {
  items: readonly MenuItem[];
}

/** The desktop side menu (992 px and wider). Groups stay open so every screen is one click away. */
export function SideMenu({ items }: SideMenuProps) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const active = activeItemKey(items, location);

  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <Stack gap={2} p="sm" component="nav" aria-label={t`Main menu`}>
        {items.map((item) => {
          const Icon = item.icon;
          if (isMenuGroup(item)) {
            const childActive = item.children.some((child) => itemKey(item, child) === active);
            return (
              <NavLink
                key={item.key}
                label={i18n._(item.label)}
                leftSection={<Icon size={20} stroke={1.6} />}
                defaultOpened
                childrenOffset={22}
                active={childActive}
                variant="subtle"
                styles={{ label: { fontWeight: 600 } }}
              >
                {item.children.map((child) => (
                  <NavLink
                    key={child.key}
                    component={Link}
                    to={child.to}
                    label={i18n._(child.label)}
                    active={itemKey(item, child) === active}
                    aria-current={itemKey(item, child) === active ? 'page' : undefined}
                  />
                ))}
              </NavLink>
            );
          }
          const isActive = itemKey(item, item) === active;
          return (
            <NavLink
              key={item.key}
              component={Link}
              to={item.to}
              label={i18n._(item.label)}
              leftSection={<Icon size={20} stroke={1.6} />}
              active={isActive}
              aria-current={isActive ? 'page' : undefined}
              styles={{ label: { fontWeight: 600 } }}
            />
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
