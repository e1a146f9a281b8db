import { Menu, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Icon } from '@tabler/icons-react';
import { forwardRef, useId, type ComponentPropsWithoutRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { activeItemKey, itemKey } from './active-item';
import { isMenuGroup, type MenuItem } from './menu-items';
import { useBrowserOnline, useOfflineReason } from '../network-button';
import classes from './bottom-bar.module.css';

export interface BottomBarProps {
  items: readonly MenuItem[];
}

interface TabContentProps {
  icon: Icon;
  label: string;
}

function TabContent({ icon: ItemIcon, label }: TabContentProps) {
  return (
    <>
      <ItemIcon size={22} stroke={1.7} aria-hidden />
      <Text component="span" className={classes.label}>
        {label}
      </Text>
    </>
  );
}

const GroupTab = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<'button'> & TabContentProps & { active: boolean }
>(
  // Menu.Target passes its own props (and maybe a className) down: keep ours as well.
  function GroupTab({ icon, label, active, className, ...props }, ref) {
    return (
      <UnstyledButton
        {...props}
        ref={ref}
        className={className ? `${classes.tab} ${className}` : classes.tab}
        data-active={active || undefined}
      >
        <TabContent icon={icon} label={label} />
      </UnstyledButton>
    );
  },
);

/** The menu as a bottom tab bar below 992 px, clear of the phone's home indicator. */
export function BottomBar({ items }: BottomBarProps) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const active = activeItemKey(items, location);
  const online = useBrowserOnline();
  const offlineReason = useOfflineReason();
  const reasonId = useId();
  const short = (item: { label: MessageDescriptor; shortLabel?: MessageDescriptor }) =>
    i18n._(item.shortLabel ?? item.label);
  // The full label names a tab when it contains the short one shown ('All' in 'All tickets'), so voice
  // control finds it by what it sees; otherwise the shown label names it and the full one describes it.
  const naming = (item: { label: MessageDescriptor; shortLabel?: MessageDescriptor }) => {
    const full = i18n._(item.label);
    return full.toLocaleLowerCase().includes(short(item).toLocaleLowerCase())
      ? { 'aria-label': full }
      : { title: full };
  };

  return (
    <nav className={classes.bar} aria-label={t`Main menu`}>
      {items.map((item) => {
        if (isMenuGroup(item)) {
          const childActive = item.children.some((child) => itemKey(item, child) === active);
          return (
            <Menu key={item.key} position="top-end" shadow="md" width={220} offset={6}>
              <Menu.Target>
                <GroupTab icon={item.icon} label={short(item)} active={childActive} {...naming(item)} />
              </Menu.Target>
              <Menu.Dropdown>
                {item.children.map((child) => {
                  const ChildIcon = child.icon;
                  return (
                    <Menu.Item
                      key={child.key}
                      component={Link}
                      to={child.to}
                      leftSection={<ChildIcon size={18} stroke={1.6} />}
                      color={itemKey(item, child) === active ? 'brand' : undefined}
                    >
                      {i18n._(child.label)}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
          );
        }
        if (item.needsConnection && !online) {
          // Focusable (aria-disabled) so a keyboard or screen-reader user reaches the reason too.
          return (
            <Tooltip
              key={item.key}
              label={offlineReason}
              multiline
              maw={260}
              events={{ hover: true, focus: true, touch: true }}
            >
              <UnstyledButton
                className={classes.tab}
                data-disabled
                aria-disabled
                aria-describedby={reasonId}
                {...naming(item)}
              >
                <TabContent icon={item.icon} label={short(item)} />
              </UnstyledButton>
            </Tooltip>
          );
        }
        const isActive = itemKey(item, item) === active;
        return (
          <Link
            key={item.key}
            to={item.to}
            className={classes.tab}
            data-active={isActive || undefined}
            aria-current={isActive ? 'page' : undefined}
            {...naming(item)}
          >
            <TabContent icon={item.icon} label={short(item)} />
          </Link>
        );
      })}
      {!online && <VisuallyHidden id={reasonId}>{offlineReason}</VisuallyHidden>}
    </nav>
  );
}
