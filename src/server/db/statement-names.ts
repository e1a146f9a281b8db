/**
 * The statements of a write transaction are sent to PostgreSQL as named statements, so each connection
 * parses and plans each of them once instead of on every request.
 *
 * drizzle sends a query unnamed unless it was built with `.prepare(name)`, and PostgreSQL then parses,
 * analyses and plans its text anew every time. A write is a dozen such statements, each a lookup or a
 * change by key: at 100,000 tickets an accept's statements took 4.4 ms sent unnamed and 2.5 ms named
 * (pgbench, one connection, the accept's own statements), more than the read model's triggers cost.
 *
 * Only statements with parameters inside a transaction are named (between the `begin` and the `commit`
 * or `rollback` that drizzle's transactions send). Those are the writes' key lookups, whose plan does not
 * depend on the values: PostgreSQL plans a named statement for its values for its first five runs on a
 * connection and then keeps one plan for any value unless that plan is estimated dearer. A read outside a
 * transaction is planned for its values as before (a search by text, a date range), unless it goes
 * through `prepared` (db/prepared.ts).
 *
 * A statement's name is a hash of its text, so a text always gets the same name and two texts never one
 * name. At most `MAX_NAMED_TEXTS` texts get one; any further text is sent unnamed, which bounds what each
 * connection keeps (drizzle writes the same text for the same query; only a list of values written out,
 * such as an IN list, makes a text per length).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export const MAX_NAMED_TEXTS = 500;

/** Names statement texts, up to `max` different texts. */
export class StatementNamer {
  readonly #names = new Map<string, string>();
  constructor(readonly max: number) {}

  /** The name for `text`, or undefined once `max` other texts have one. */
  name(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < this.max) {
      name = `tx_${createHash('sha1').update(text).digest('base64url')}`;
      this.#names.set(text, name);
    }
    return name;
  }
}

/** One for the process: a text has the same name on every connection. */
const namer = new StatementNamer(MAX_NAMED_TEXTS);

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/** The text of a query as pg takes it (a string, or a config object with `text`). */
function textOf(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  if (query !== null && typeof query === 'object') {
    const text = (query as QueryConfigLike).text;
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/** A pg client that names the parameterised statements of its transactions (`Client` of a pg.Pool). */
export class TransactionStatementsClient extends pg.Client {
  inTransaction = false;
}

const plainQuery = pg.Client.prototype.query;
/** A transaction's start and its end (not a savepoint's: `rollback to savepoint` stays inside). */
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|end|abort|rollback)\b(?!\s+to\b)/i;

TransactionStatementsClient.prototype.query = function (
  this: TransactionStatementsClient,
  query: unknown,
  ...rest: unknown[]
) {
  const text = textOf(query);
  if (text !== undefined) {
    if (BEGIN.test(text)) this.inTransaction = true;
    else if (END.test(text)) this.inTransaction = false;
  }
  let sent = query;
  if (this.inTransaction && text !== undefined && typeof query === 'object' && query !== null) {
    const config = query as QueryConfigLike;
    const values = rest[0] ?? config.values;
    if (config.name === undefined && Array.isArray(values) && values.length > 0) {
      const name = namer.name(text);
      if (name !== undefined) sent = { ...config, name };
    }
  }
  return (plainQuery as (...args: unknown[]) => unknown).call(this, sent, ...rest);
} as typeof pg.Client.prototype.query;
