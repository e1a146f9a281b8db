/** Side menu and bottom bar entries per role. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IconBuildingFactory2,
  IconCalculator,
  IconCategory,
  IconChartBar,
  IconCirclePlus,
  IconFileText,
  IconHome,
  IconListCheck,
  IconMapPin,
  IconPackageImport,
  IconReceipt,
  IconSettings,
  IconTrain,
  IconTrash,
  IconTruck,
  IconTruckDelivery,
  IconAdjustments,
  type Icon,
} from '@tabler/icons-react';
import type { Role } from '../../../shared/domain/roles';
import { PATHS, SUPPLIER_ACTIONS, SUPPLIER_ACTION_PARAM } from '../../paths';

export interface MenuLinkItem {
  key: string;
  label: MessageDescriptor;
  /** A shorter label for the bottom bar. */
  shortLabel?: MessageDescriptor;
  icon: Icon;
  /** Target, possibly with a query (`?action=new-ticket`). Linking to a bare path resets the list's filters. */
  to: string;
  /** Active only on this exact path (not on its sub-paths). */
  end?: boolean;
  /**
   * Leads to an action only the server can take at once (creating or deleting a request): offline the
   * entry stays in place but cannot be used, and says why, like a NetworkButton.
   */
  needsConnection?: boolean;
}

export interface MenuGroupItem {
  key: string;
  label: MessageDescriptor;
  shortLabel?: MessageDescriptor;
  icon: Icon;
  children: MenuLinkItem[];
}

export type MenuItem = MenuLinkItem | MenuGroupItem;

export const isMenuGroup = (item: MenuItem): item is MenuGroupItem => 'children' in item;

export interface RoleMenu {
  /** The side menu (992 px and wider). */
  side: MenuItem[];
  /** The bottom bar (below 992 px); groups open a menu. */
  bottom: MenuItem[];
}

const adminOngoing: MenuLinkItem = {
  key: 'ongoing',
  label: msg`Ongoing`,
  icon: IconTruckDelivery,
  to: PATHS.admin.ongoing,
};
const adminDelivered: MenuLinkItem = {
  key: 'delivered',
  label: msg`Delivered`,
  icon: IconListCheck,
  to: PATHS.admin.delivered,
};
const adminAccounting: MenuLinkItem = {
  key: 'accounting',
  label: msg`Accounting`,
  icon: IconCalculator,
  to: PATHS.admin.accounting,
};
const adminEvouchers: MenuLinkItem = {
  key: 'evouchers',
  label: msg`E-vouchers`,
  icon: IconReceipt,
  to: PATHS.admin.evouchers,
};
const adminServiceLevel: MenuLinkItem = {
  key: 'service-level',
  label: msg`Service level`,
  shortLabel: msg`Service`,
  icon: IconChartBar,
  to: PATHS.admin.serviceLevel,
};
const adminSettings: MenuGroupItem = {
  key: 'settings',
  label: msg`Settings`,
  // Its own catalogue entry: Spanish says 'Ajustes' in the bottom bar, where 'Configuración' is cut.
  shortLabel: msg({ context: 'bottom bar', message: 'Settings' }),
  icon: IconSettings,
  children: [
    { key: 'general', label: msg`General`, icon: IconAdjustments, to: PATHS.admin.settings },
    { key: 'contracts', label: msg`Contracts`, icon: IconFileText, to: PATHS.admin.contracts },
    { key: 'categories', label: msg`Categories`, icon: IconCategory, to: PATHS.admin.categories },
    { key: 'suppliers', label: msg`Suppliers`, icon: IconBuildingFactory2, to: PATHS.admin.suppliers },
    { key: 'depots', label: msg`Depots`, icon: IconMapPin, to: PATHS.admin.depots },
  ],
};

const adminMenu: RoleMenu = {
  side: [
    {
      key: 'requests',
      label: msg`Requests`,
      icon: IconTruckDelivery,
      children: [adminOngoing, adminDelivered, adminEvouchers],
    },
    adminAccounting,
    adminServiceLevel,
    adminSettings,
  ],
  // Five tabs fit a phone: the e-vouchers (settlements of delivered trips) open from the accounting tab.
  bottom: [
    adminOngoing,
    adminDelivered,
    { key: 'accounting', label: msg`Accounting`, icon: IconCalculator, children: [adminAccounting, adminEvouchers] },
    adminServiceLevel,
    adminSettings,
  ],
};

const supplierHome: MenuLinkItem = {
  key: 'home',
  label: msg`My requests`,
  icon: IconHome,
  to: PATHS.suppliers.root,
  end: true,
};

const supplierMenu: RoleMenu = {
  side: [
    supplierHome,
    { key: 'truck', label: msg`Load truck`, icon: IconTruck, to: PATHS.suppliers.truckDocumentation },
    { key: 'railcar', label: msg`Load railcar`, icon: IconTrain, to: PATHS.suppliers.railcarDocumentation },
  ],
  bottom: [
    {
      key: 'new-ticket',
      label: msg`New ticket`,
      icon: IconCirclePlus,
      to: `${PATHS.suppliers.root}?${SUPPLIER_ACTION_PARAM}=${SUPPLIER_ACTIONS.newTicket}`,
      needsConnection: true,
    },
    supplierHome,
    {
      key: 'delete-ticket',
      label: msg`Delete ticket`,
      icon: IconTrash,
      to: `${PATHS.suppliers.root}?${SUPPLIER_ACTION_PARAM}=${SUPPLIER_ACTIONS.deleteTicket}`,
      needsConnection: true,
    },
  ],
};

const carrierHome: MenuLinkItem = { key: 'home', label: msg`Home`, icon: IconHome, to: PATHS.carrier.root, end: true };
// The past offers (/all) are a list of their own, so the menu leads there too (the spec names
// only the home entry, but a carrier on a phone has no other way to reach it).
const carrierAll: MenuLinkItem = {
  key: 'all',
  label: msg`All tickets`,
  shortLabel: msg`All`,
  icon: IconListCheck,
  to: PATHS.carrier.all,
  end: true,
};
const carrierEvouchers: MenuLinkItem = {
  key: 'evouchers',
  label: msg`E-vouchers`,
  // 'Comprobantes de pago' does not fit a phone's bottom bar in Spanish.
  shortLabel: msg({ context: 'bottom bar', message: 'Vouchers' }),
  icon: IconReceipt,
  to: PATHS.carrier.evouchers,
};
const carrierVehicles: MenuLinkItem = {
  key: 'vehicles',
  label: msg`Vehicles`,
  icon: IconTruck,
  to: PATHS.carrier.vehicles,
};
const carrierItems = [carrierHome, carrierAll, carrierEvouchers, carrierVehicles];
const carrierMenu: RoleMenu = { side: carrierItems, bottom: carrierItems };

const customsItems: MenuLinkItem[] = [
  { key: 'tickets', label: msg`Tickets`, icon: IconPackageImport, to: PATHS.customs.root, end: true },
  {
    key: 'truck',
    label: msg`Truck documentation`,
    shortLabel: msg`Trucks`,
    icon: IconTruck,
    to: PATHS.customs.truckDocumentation,
  },
  {
    key: 'railcar',
    label: msg`Railcar documentation`,
    shortLabel: msg`Railcars`,
    icon: IconTrain,
    to: PATHS.customs.railcarDocumentation,
  },
];
const customsMenu: RoleMenu = { side: customsItems, bottom: customsItems };

export const ROLE_MENUS: Record<Role, RoleMenu> = {
  ADMIN: adminMenu,
  ADMINRO: adminMenu,
  SUPPLIER: supplierMenu,
  CARRIER: carrierMenu,
  CUSTOMS: customsMenu,
};
