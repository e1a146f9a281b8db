import type { Role } from '../domain/roles';

/** The user as every sign-in call and GET /users/{id} return it. */
export interface BusinessRef {
  id: number;
  businessName: string;
}

export interface DepotRef {
  id: number;
  name: string;
  city: string;
  address: string;
}

export interface User {
  id: number;
  username: string;
  email: string | null;
  roles: { name: Role }[];
  userDetail: {
    name: string;
    carrier: (BusinessRef & { mode: 'TRUCK' | 'RAILCAR' }) | null;
    supplier: (BusinessRef & { depots: DepotRef[] }) | null;
    customsAgent: BusinessRef | null;
  };
}

export interface AuthResponse {
  token: string;
  user: User;
}
