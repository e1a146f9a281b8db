/**
 * The carriers' kept views (ticket_carrier_views) and their counts, after any sequence of writes to
 * tickets and offers. A carrier sees a live ticket it was offered (open while that offer is PENDING or
 * CONFIRMED) and, once the ticket is past PENDING, the ticket it carries. The triggers take short cuts
 * (db/read-model/read-model.sql): an offer's update that leaves it open or closed as it was calls
 * nothing, and a ticket's update that cannot change who sees it only copies its status and time. So the
 * writes here are generated (fast-check): offers made, answered, reopened, moved and removed; tickets
 * moving between any two statuses, changing carrier, deleted and brought back, their time corrected;
 * after each one the kept rows must equal the rows worked out from tickets and offers here, and the
 * carriers' counts per status, hour and block must equal a recount of them. Each sequence runs in a
 * transaction that is rolled back, so every one starts from the same tickets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { queryRows, type Tx } from '../../src/server/db/database';
import { ASSIGNMENT_STATUSES, TICKET_STATUSES, type AssignmentStatus } from '../../src/shared/domain/ticket-status';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let tickets: number[] = [];
let carriers: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const [party] = await queryRows<{ supplier: number; depot: number }>(
    t.database.db,
    sql`select d.supplier_id as supplier, d.id as depot from depots d where d.supplier_id is not null order by d.id limit 1`,
  );
  tickets = (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into tickets (supplier_id, origin_depot_id, status)
        select ${party!.supplier}, ${party!.depot}, 'PENDING' from generate_series(1, 3) returning id`,
    )
  ).map((row) => row.id);
  carriers = (await queryRows<{ id: number }>(t.database.db, sql`select id from carriers order by id limit 3`)).map(
    (row) => row.id,
  );
});
afterAll(async () => {
  await t.close();
});

type Write =
  | { kind: 'offer'; ticket: number; carrier: number; status: AssignmentStatus }
  | { kind: 'answer'; nth: number; status: AssignmentStatus }
  | { kind: 'move offer'; nth: number; ticket: number; carrier: number }
  | { kind: 'remove offer'; nth: number }
  | { kind: 'status'; ticket: number; status: string }
  | { kind: 'carrier'; ticket: number; carrier: number | null }
  | { kind: 'delete'; ticket: number; deleted: boolean }
  | { kind: 'time'; ticket: number; hoursAgo: number };

const index = fc.nat({ max: 2 });
const offerStatus = fc.constantFrom(...ASSIGNMENT_STATUSES);
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('offer' as const), ticket: index, carrier: index, status: offerStatus }),
  fc.record({ kind: fc.constant('answer' as const), nth: fc.nat({ max: 5 }), status: offerStatus }),
  fc.record({ kind: fc.constant('move offer' as const), nth: fc.nat({ max: 5 }), ticket: index, carrier: index }),
  fc.record({ kind: fc.constant('remove offer' as const), nth: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('status' as const), ticket: index, status: fc.constantFrom(...TICKET_STATUSES) }),
  fc.record({ kind: fc.constant('carrier' as const), ticket: index, carrier: fc.option(index, { nil: null }) }),
  fc.record({ kind: fc.constant('delete' as const), ticket: index, deleted: fc.boolean() }),
  fc.record({ kind: fc.constant('time' as const), ticket: index, hoursAgo: fc.nat({ max: 72 }) }),
);

/** The `nth` offer of the tickets here (by id, wrapping round), if any. */
const nthOffer = (nth: number) =>
  sql`(select id from ticket_assignments where ticket_id in (${sql.join(
    tickets.map((id) => sql`${id}`),
    sql`, `,
  )}) order by id offset ${nth} % greatest(1, (select count(*) from ticket_assignments
    where ticket_id in (${sql.join(
      tickets.map((id) => sql`${id}`),
      sql`, `,
    )}))) limit 1)`;

function statement(w: Write): SQL {
  switch (w.kind) {
    case 'offer':
      return sql`insert into ticket_assignments (ticket_id, carrier_id, status)
        values (${tickets[w.ticket]!}, ${carriers[w.carrier]!}, ${w.status})`;
    case 'answer':
      return sql`update ticket_assignments set status = ${w.status}, responded_at = now() where id = ${nthOffer(w.nth)}`;
    case 'move offer':
      return sql`update ticket_assignments set ticket_id = ${tickets[w.ticket]!}, carrier_id = ${carriers[w.carrier]!}
        where id = ${nthOffer(w.nth)}`;
    case 'remove offer':
      return sql`delete from ticket_assignments where id = ${nthOffer(w.nth)}`;
    case 'status':
      return sql`update tickets set status = ${w.status} where id = ${tickets[w.ticket]!}`;
    case 'carrier':
      return sql`update tickets set carrier_id = ${w.carrier === null ? null : carriers[w.carrier]!}
        where id = ${tickets[w.ticket]!}`;
    case 'delete':
      return sql`update tickets set deleted_at = ${w.deleted ? sql`now()` : sql`null`} where id = ${tickets[w.ticket]!}`;
    case 'time':
      return sql`update tickets set created_at = now() - ${`${w.hoursAgo} hours`}::interval
        where id = ${tickets[w.ticket]!}`;
  }
}

interface ViewRow {
  carrier: number;
  ticket: number;
  status: string;
  open: boolean;
  created: string;
}

const ids = () =>
  sql.join(
    tickets.map((id) => sql`${id}`),
    sql`, `,
  );

/** Who sees which of these tickets, worked out from tickets and offers. */
const expected = (tx: Tx) =>
  queryRows<ViewRow>(
    tx,
    sql`select s.carrier_id as carrier, t.id as ticket, t.status, bool_or(s.open) as open, t.created_at::text as created
      from tickets t
      cross join lateral (
        select a.carrier_id, a.status in ('PENDING', 'CONFIRMED') as open from ticket_assignments a where a.ticket_id = t.id
        union all
        select t.carrier_id, true where t.carrier_id is not null and t.status <> 'PENDING'
      ) s
      where t.id in (${ids()}) and t.deleted_at is null
      group by s.carrier_id, t.id, t.status, t.created_at
      order by 1, 2`,
  );

const kept = (tx: Tx) =>
  queryRows<ViewRow>(
    tx,
    sql`select carrier_id as carrier, ticket_id as ticket, status, open, created_at::text as created
      from ticket_carrier_views where ticket_id in (${ids()}) order by 1, 2`,
  );

/**
 * The carriers' counts of the open rows per status, per creation hour (the 30 days read) and per block
 * of ids: as the count tables keep them (their +1/-1 rows summed) and as a recount of the kept rows.
 */
const counts = async (tx: Tx) => {
  /** `by`: the column past the carrier and the status (none for the status counts). */
  const keptSums = (table: string, by: string | null, where = sql``) => {
    const key = sql.raw(by === null ? 'party_id, status' : `party_id, status, ${by}`);
    return queryRows<{ key: string; n: number }>(
      tx,
      sql`select (${key})::text as key, sum(n)::int as n from ${sql.raw(table)}
        where scope = 'carrier' ${where} group by ${key} having sum(n) <> 0 order by 1`,
    );
  };
  const recount = (by: string | null, where = sql``) => {
    const key = sql.raw(by === null ? 'carrier_id, status' : `carrier_id, status, ${by}`);
    return queryRows<{ key: string; n: number }>(
      tx,
      sql`select (${key})::text as key, count(*)::int as n
        from (select carrier_id, status, date_trunc('hour', created_at, 'UTC') as hour, ticket_id / 1024 as block
          from ticket_carrier_views where open) v
        where true ${where} group by ${key} order by 1`,
    );
  };
  const recent = sql`and hour >= now() - interval '30 days'`;
  return {
    kept: {
      status: await keptSums('ticket_counts', null),
      hour: await keptSums('ticket_hour_counts', 'hour', recent),
      block: await keptSums('ticket_block_counts', 'block'),
    },
    recounted: {
      status: await recount(null),
      hour: await recount('hour', recent),
      block: await recount('block'),
    },
  };
};

class RolledBack extends Error {}

describe("the carriers' kept views", () => {
  it('should equal the rows worked out from tickets and offers after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 25 }), async (writes) => {
        await t.database.db
          .transaction(async (tx) => {
            for (const w of writes) {
              await tx.execute(statement(w));
              expect({ after: w, rows: await kept(tx) }).toEqual({ after: w, rows: await expected(tx) });
              const { kept: sums, recounted } = await counts(tx);
              expect({ after: w, counts: sums }).toEqual({ after: w, counts: recounted });
            }
            throw new RolledBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RolledBack)) throw error;
          });
      }),
      { numRuns: 60 },
    );
  });
});
