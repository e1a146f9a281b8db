/** Every route, in one place. Functions build the paths that carry an id. */
export const PATHS = {
  root: '/',
  token: '/token',
  login: {
    root: '/login',
    traditional: '/login/tradicional',
    sso: '/login/sso',
    recover: '/login/recover',
    changePassword: '/login/change-password',
    error: '/login/login-error',
  },
  dashboard: '/dashboard',
  admin: {
    root: '/dashboard/admin',
    ongoing: '/dashboard/admin/ongoing',
    delivered: '/dashboard/admin/delivered',
    evouchers: '/dashboard/admin/evouchers',
    ticket: '/dashboard/admin/ticket',
    accounting: '/dashboard/admin/accounting',
    serviceLevel: '/dashboard/admin/service-level',
    taInvoice: '/dashboard/admin/ta-invoice/:id',
    ticketEdit: '/dashboard/admin/ticket-edit/:id',
    categories: '/dashboard/admin/categories',
    suppliers: '/dashboard/admin/suppliersabm',
    depots: '/dashboard/admin/depotsabm',
    settings: '/dashboard/admin/settings',
    contracts: '/dashboard/admin/contracts',
  },
  adminro: { root: '/dashboard/adminro' },
  suppliers: {
    root: '/dashboard/suppliers',
    previous: '/dashboard/suppliers/previous',
    truckDocumentation: '/dashboard/suppliers/truck-documentation',
    railcarDocumentation: '/dashboard/suppliers/railcar-documentation',
    ticket: '/dashboard/suppliers/ticket',
  },
  carrier: {
    root: '/dashboard/carrier',
    all: '/dashboard/carrier/all',
    evouchers: '/dashboard/carrier/evouchers',
    vehicles: '/dashboard/carrier/vehicles',
    ticket: '/dashboard/carrier/ticket',
  },
  customs: {
    root: '/dashboard/customs',
    truckDocumentation: '/dashboard/customs/truck-documentation',
    railcarDocumentation: '/dashboard/customs/railcar-documentation',
    predoc: '/dashboard/customs/predoc/:id',
    truckDocumentationDetail: '/dashboard/customs/truck-documentation/:id',
    railcarDocumentationDetail: '/dashboard/customs/railcar-documentation/:id',
    ticket: '/dashboard/customs/ticket',
  },
  ticket: '/dashboard/ticket',
} as const;

const withId = (pattern: string, id: number | string) => pattern.replace(':id', encodeURIComponent(String(id)));

export const taInvoicePath = (id: number | string) => withId(PATHS.admin.taInvoice, id);
export const ticketEditPath = (id: number | string) => withId(PATHS.admin.ticketEdit, id);
export const customsPredocPath = (id: number | string) => withId(PATHS.customs.predoc, id);
export const customsTruckDocumentationPath = (id: number | string) =>
  withId(PATHS.customs.truckDocumentationDetail, id);
export const customsRailcarDocumentationPath = (id: number | string) =>
  withId(PATHS.customs.railcarDocumentationDetail, id);

/** Where the area's ticket list lives; the header search lands here (admin home redirects to ongoing). */
export const SEARCH_HOME = {
  ADMIN: PATHS.admin.ongoing,
  ADMINRO: PATHS.admin.ongoing,
  SUPPLIER: PATHS.suppliers.root,
  CARRIER: PATHS.carrier.root,
  CUSTOMS: PATHS.customs.root,
} as const;

/**
 * Query keys of the supplier home that open its dialogs. The bottom bar's 'New ticket' and 'Delete
 * ticket' items (small screens) link to `/dashboard/suppliers?action=new-ticket|delete-ticket`.
 */
export const SUPPLIER_ACTION_PARAM = 'action';
export const SUPPLIER_ACTIONS = { newTicket: 'new-ticket', deleteTicket: 'delete-ticket' } as const;
