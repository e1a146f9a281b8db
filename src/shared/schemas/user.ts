/** The user as every sign-in call and GET /users/{id} answer it. */
import * as v from 'valibot';
import { CARRIER_MODES, ROLES } from '../domain/roles';
import { AnswerId } from './schema-helpers';

const BusinessRefSchema = v.strictObject({ id: AnswerId, businessName: v.string() });
export type BusinessRef = v.InferOutput<typeof BusinessRefSchema>;

const DepotRefSchema = v.strictObject({ id: AnswerId, name: v.string(), city: v.string(), address: v.string() });
export type DepotRef = v.InferOutput<typeof DepotRefSchema>;

export const UserSchema = v.strictObject({
  id: AnswerId,
  username: v.string(),
  email: v.nullable(v.string()),
  roles: v.array(v.strictObject({ name: v.picklist(ROLES) })),
  userDetail: v.strictObject({
    name: v.string(),
    carrier: v.nullable(v.strictObject({ ...BusinessRefSchema.entries, mode: v.picklist(CARRIER_MODES) })),
    supplier: v.nullable(v.strictObject({ ...BusinessRefSchema.entries, depots: v.array(DepotRefSchema) })),
    customsAgent: v.nullable(BusinessRefSchema),
  }),
});
export type User = v.InferOutput<typeof UserSchema>;

/** Every sign-in and renewal: the session token and the user. */
export const AuthResponseSchema = v.strictObject({ token: v.string(), user: UserSchema });
export type AuthResponse = v.InferOutput<typeof AuthResponseSchema>;
