// The whole schema in one object, as drizzle's relational queries want it.
import * as accounts from './schema/accounts';
import * as documents from './schema/documents';
import * as fleet from './schema/fleet';
import * as parties from './schema/parties';
import * as system from './schema/system';
import * as tickets from './schema/tickets';

export const schema = { ...accounts, ...parties, ...tickets, ...documents, ...system, ...fleet };
export type Schema = typeof schema;
