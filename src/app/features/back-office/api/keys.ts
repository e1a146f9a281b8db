/** Query keys of the back office, from one factory. */
export const backOfficeKeys = {
  contractsAll: ['back-office', 'contracts'] as const,
  contracts: (filters: object) => ['back-office', 'contracts', filters] as const,
  carriers: ['carriers'] as const,
  serviceLevel: ['back-office', 'service-level'] as const,
  suppliersAll: ['back-office', 'suppliers'] as const,
  suppliers: (filters: object) => ['back-office', 'suppliers', filters] as const,
  depotsAll: ['back-office', 'depots'] as const,
  depots: (filters: object) => ['back-office', 'depots', filters] as const,
  configurations: ['back-office', 'configurations'] as const,
  vehiclesAll: ['back-office', 'vehicles'] as const,
  vehicles: (filters: object) => ['back-office', 'vehicles', filters] as const,
  lookups: (name: string) => ['back-office', 'lookups', name] as const,
};
