/** The five roles and where each one lands after sign-in. */
export const ROLES = ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Role homes. ADMINRO shares the admin home. */
export const ROLE_HOME: Record<Role, string> = {
  ADMIN: '/dashboard/admin',
  ADMINRO: '/dashboard/admin',
  SUPPLIER: '/dashboard/suppliers',
  CARRIER: '/dashboard/carrier',
  CUSTOMS: '/dashboard/customs',
};

/** Only the first role decides the landing page. */
export function homeFor(roles: readonly { name: string }[]): string {
  const first = roles[0]?.name;
  return isRole(first) ? ROLE_HOME[first] : '/login';
}

export const CARRIER_MODES = ['TRUCK', 'RAILCAR'] as const;
export type CarrierMode = (typeof CARRIER_MODES)[number];
