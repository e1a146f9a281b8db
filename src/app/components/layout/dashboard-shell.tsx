/**
 * The signed-in frame: header with logo, search, offline badge, language and
 * user menu; a strip in the role's colour; the side menu from 992 px, a bottom bar below.
 */
import { AppShell, Box } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Role } from '../../../shared/domain/roles';
import type { User } from '../../../shared/schemas/user';
import { wholeCatalogue } from '../../lib/i18n';
import { firstScreenIdle } from '../../lib/idle';
import { ROLE_COLORS } from '../../lib/theme';
import { SEARCH_HOME } from '../../paths';
import { LanguageSwitch } from '../language-switch';
import { LiveUpdates } from '../live-updates';
import { Logo } from '../logo';
import { OfflineBadge } from '../offline-badge';
import { OfflineReadyNote } from '../offline-ready-note';
import { UpdateNote } from '../update-note';
import { SessionEndWarning } from '../session-end-warning';
import { BottomBar } from './bottom-bar';
import { ROLE_MENUS } from './menu-items';
import { SearchBar } from './search-bar';
import { ROLE_SEARCH_FIELDS } from './search-fields';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';
import classes from './dashboard-shell.module.css';

export interface DashboardShellProps {
  user: User;
  /** The role whose menu, search and colour the frame shows (the user's first role). */
  role: Role;
  /** Where the logo leads. */
  home: string;
  onLogout: () => void;
  onChangePassword?: () => void;
  children: ReactNode;
}

// Loaded as the outbox indicator is (offline-badge.tsx): the outbox's code waits for the first screen.
const OutboxWaitWarning = lazy(async () => {
  await firstScreenIdle();
  const [module] = await Promise.all([import('../outbox-wait-warning'), wholeCatalogue()]);
  return { default: module.OutboxWaitWarning };
});

const STRIP = 4;
const BAR = 64;

export function DashboardShell({ user, role, home, onLogout, onChangePassword, children }: DashboardShellProps) {
  const menu = ROLE_MENUS[role];
  const { pathname } = useLocation();
  // The home: where the logo leads, or the list it opens on (the admin's ongoing tickets).
  const onHome = [home, SEARCH_HOME[role]].includes(pathname.replace(/(.)\/$/, '$1'));

  return (
    <AppShell
      header={{ height: { base: 112 + STRIP, md: 64 + STRIP } }}
      navbar={{ width: { md: 240, lg: 260 }, breakpoint: 'md', collapsed: { mobile: true } }}
      footer={{ height: { base: `calc(${BAR}px + env(safe-area-inset-bottom))`, md: 0 } }}
      padding={{ base: 'md', md: 'xl' }}
      styles={{ main: { background: 'var(--portal-page)' } }}
    >
      <AppShell.Header withBorder={false} className={classes.header}>
        <div className={classes.grid}>
          <Box component={Link} to={home} className={classes.logo}>
            <Logo size={36} wordmarkVisibleFrom="sm" />
          </Box>
          <div className={classes.search}>
            <SearchBar fields={ROLE_SEARCH_FIELDS[role]} home={SEARCH_HOME[role]} role={role} />
          </div>
          <div className={classes.actions}>
            <OfflineBadge />
            <LanguageSwitch />
            <UserMenu user={user} onLogout={onLogout} onChangePassword={onChangePassword} className={classes.account} />
          </div>
        </div>
        <Box h={STRIP} bg={ROLE_COLORS[role]} data-testid="role-strip" data-role={role} />
      </AppShell.Header>

      <AppShell.Navbar visibleFrom="md">
        <SideMenu items={menu.side} />
      </AppShell.Navbar>

      <AppShell.Main>
        <LiveUpdates userId={user.id} home={home} />
        <Box maw={1400} mx="auto">
          <UpdateNote />
          <OfflineReadyNote />
          <SessionEndWarning />
          {onHome && (
            <Suspense fallback={null}>
              <OutboxWaitWarning userId={user.id} />
            </Suspense>
          )}
          {children}
        </Box>
      </AppShell.Main>

      <AppShell.Footer hiddenFrom="md" className={classes.footer}>
        <BottomBar items={menu.bottom} />
      </AppShell.Footer>
    </AppShell>
  );
}
