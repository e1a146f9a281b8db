/**
 * The route tree. Every screen is its own lazy module; areas are guarded by
 * AREA_ROLES (wrong role or signed out: /login); anything unknown goes to /login.
 */
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from './components/error-screen';
import { FullPageLoader } from './components/full-page-loader';
import { NavigationProgress } from './components/navigation-progress';
import { wholeCatalogue } from './lib/i18n';
import { firstScreenRendered } from './lib/idle';
import type { Area } from '../shared/domain/permissions';
import { PATHS } from './paths';
import { HomeRedirect } from './routes/dashboard/home-redirect';

/**
 * A lazy route whose module exports the screen under `name`. It renders once the whole catalogue is
 * loaded too: a signed-out start on /login has only that screen's messages at first.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const [module] = await Promise.all([load(), wholeCatalogue()]);
    return { Component: module[name] as ComponentType };
  };
}

/** The sign-in screen (/login and its layout): its messages are in the slice a signed-out start loads (lib/i18n). */
function signInScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  };
}

/** An area's guard (roles, cross-area redirects): loaded with the signed-in screens, not by /login. */
function guard(area: Area) {
  return async () => {
    const [{ RequireArea }] = await Promise.all([import('./routes/dashboard/require-area'), wholeCatalogue()]);
    return { element: <RequireArea area={area} /> };
  };
}

const relative = (path: string, parent: string) => path.slice(parent.length + 1);

const ticketRoute = (parent: string, path: string): RouteObject => ({
  path: relative(path, parent),
  lazy: screen(() => import('./routes/ticket/ticket-page'), 'TicketPage'),
});

/**
 * Every screen's root: says when the first one has rendered (work that waits for it starts then), and
 * shows that the next one is on its way while its code loads.
 */
function Root() {
  useEffect(firstScreenRendered, []);
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    HydrateFallback: FullPageLoader,
    // Any screen that throws while rendering or loading shows this instead of a blank page.
    ErrorBoundary: ErrorScreen,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'token', lazy: screen(() => import('./routes/token-page'), 'TokenPage') },
      {
        path: 'login',
        lazy: signInScreen(() => import('./routes/login/login-layout'), 'LoginLayout'),
        children: [
          { index: true, lazy: signInScreen(() => import('./routes/login/login-choice-page'), 'LoginChoicePage') },
          {
            path: 'tradicional',
            lazy: screen(() => import('./routes/login/traditional-login-page'), 'TraditionalLoginPage'),
          },
          { path: 'sso', lazy: screen(() => import('./routes/login/sso-page'), 'SsoPage') },
          { path: 'recover', lazy: screen(() => import('./routes/login/recover-page'), 'RecoverPage') },
          {
            path: 'change-password',
            lazy: screen(() => import('./routes/login/change-password-page'), 'ChangePasswordPage'),
          },
          { path: 'login-error', lazy: screen(() => import('./routes/login/login-error-page'), 'LoginErrorPage') },
        ],
      },
      {
        path: 'dashboard',
        // The signed-in frame (menus, search, outbox) is its own module too: /login never loads it.
        lazy: screen(() => import('./routes/dashboard/dashboard-layout'), 'DashboardLayout'),
        children: [
          { index: true, element: <HomeRedirect /> },
          {
            path: 'admin',
            lazy: guard('admin'),
            children: [
              { index: true, element: <Navigate to={PATHS.admin.ongoing} replace /> },
              { path: 'ongoing', lazy: screen(() => import('./routes/admin/ongoing-page'), 'OngoingPage') },
              { path: 'delivered', lazy: screen(() => import('./routes/admin/delivered-page'), 'DeliveredPage') },
              { path: 'evouchers', lazy: screen(() => import('./routes/admin/evouchers-page'), 'AdminEvouchersPage') },
              ticketRoute(PATHS.admin.root, PATHS.admin.ticket),
              { path: 'accounting', lazy: screen(() => import('./routes/admin/accounting-page'), 'AccountingPage') },
              {
                path: 'service-level',
                lazy: screen(() => import('./routes/admin/service-level-page'), 'ServiceLevelPage'),
              },
              { path: 'ta-invoice/:id', lazy: screen(() => import('./routes/admin/ta-invoice-page'), 'TaInvoicePage') },
              {
                path: 'ticket-edit/:id',
                lazy: screen(() => import('./routes/admin/ticket-edit-page'), 'TicketEditPage'),
              },
              { path: 'categories', lazy: screen(() => import('./routes/admin/categories-page'), 'CategoriesPage') },
              { path: 'suppliersabm', lazy: screen(() => import('./routes/admin/suppliers-page'), 'SuppliersPage') },
              { path: 'depotsabm', lazy: screen(() => import('./routes/admin/depots-page'), 'DepotsPage') },
              { path: 'settings', lazy: screen(() => import('./routes/admin/settings-page'), 'SettingsPage') },
              { path: 'contracts', lazy: screen(() => import('./routes/admin/contracts-page'), 'ContractsPage') },
            ],
          },
          {
            path: 'adminro',
            lazy: guard('adminro'),
            children: [{ index: true, element: <Navigate to={PATHS.admin.ongoing} replace /> }],
          },
          {
            path: 'suppliers',
            lazy: guard('suppliers'),
            children: [
              {
                index: true,
                lazy: screen(() => import('./routes/suppliers/suppliers-home-page'), 'SuppliersHomePage'),
              },
              { path: 'previous', lazy: screen(() => import('./routes/suppliers/previous-page'), 'PreviousPage') },
              {
                path: 'truck-documentation',
                lazy: screen(() => import('./routes/suppliers/truck-documentation-page'), 'TruckDocumentationPage'),
              },
              {
                path: 'railcar-documentation',
                lazy: screen(() => import('./routes/suppliers/railcar-documentation-page'), 'RailcarDocumentationPage'),
              },
              ticketRoute(PATHS.suppliers.root, PATHS.suppliers.ticket),
            ],
          },
          {
            path: 'carrier',
            lazy: guard('carrier'),
            children: [
              { index: true, lazy: screen(() => import('./routes/carrier/carrier-home-page'), 'CarrierHomePage') },
              { path: 'all', lazy: screen(() => import('./routes/carrier/all-tickets-page'), 'AllTicketsPage') },
              {
                path: 'evouchers',
                lazy: screen(() => import('./routes/carrier/evouchers-page'), 'CarrierEvouchersPage'),
              },
              { path: 'vehicles', lazy: screen(() => import('./routes/carrier/vehicles-page'), 'VehiclesPage') },
              ticketRoute(PATHS.carrier.root, PATHS.carrier.ticket),
            ],
          },
          {
            path: 'customs',
            lazy: guard('customs'),
            children: [
              { index: true, lazy: screen(() => import('./routes/customs/customs-home-page'), 'CustomsHomePage') },
              {
                path: 'truck-documentation',
                lazy: screen(
                  () => import('./routes/customs/truck-documentation-list-page'),
                  'CustomsTruckDocumentationPage',
                ),
              },
              {
                path: 'railcar-documentation',
                lazy: screen(
                  () => import('./routes/customs/railcar-documentation-list-page'),
                  'CustomsRailcarDocumentationPage',
                ),
              },
              { path: 'predoc/:id', lazy: screen(() => import('./routes/customs/predoc-page'), 'PredocPage') },
              {
                path: 'truck-documentation/:id',
                lazy: screen(
                  () => import('./routes/customs/truck-documentation-detail-page'),
                  'CustomsTruckDocumentationDetailPage',
                ),
              },
              {
                path: 'railcar-documentation/:id',
                lazy: screen(
                  () => import('./routes/customs/railcar-documentation-detail-page'),
                  'CustomsRailcarDocumentationDetailPage',
                ),
              },
              ticketRoute(PATHS.customs.root, PATHS.customs.ticket),
            ],
          },
          {
            path: 'ticket',
            lazy: guard('ticket'),
            children: [{ index: true, lazy: screen(() => import('./routes/ticket/ticket-page'), 'TicketPage') }],
          },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.login.root} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
