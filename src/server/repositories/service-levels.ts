/**
 * The carriers' service level (GET /tickets/count/carrier): offers made to each carrier in the last 30
 * and 7 days and how many stand confirmed, from the per-day and per-hour offer counts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { prepared } from '../db/prepared';
import { ceilDay, ceilHour, DAY_MS, floorDay, isoDay, isoTime } from './ticket-counts';

/** A window bound of the service level: a UTC day, or an instant. */
type LevelBound = 'monthDays' | 'weekDays' | 'today' | 'monthHours' | 'weekHours' | 'month' | 'week';

/**
 * Every carrier's offers and confirmed offers of the last 30 days (month_total, month_confirmed) and 7
 * days (week_*), with its id, business_name and mode: a query for a FROM, whose bounds are the
 * placeholders `levelBounds` fills.
 */
export function serviceLevelsQuery(): SQL {
  const day = (name: LevelBound) => sql`${sql.placeholder(`${name}Day`)}::date`;
  const at = (name: LevelBound) => sql`${sql.placeholder(name)}::timestamptz`;
  // Each part is summed per carrier before the carriers are joined: a row a carrier a side, not a row
  // per carrier and day, hour or offer to sort.
  const levels = sql`with days as (
        select carrier_id,
          sum(offers)::int as month_total, sum(confirmed)::int as month_confirmed,
          coalesce(sum(offers) filter (where day >= ${day('weekDays')}), 0)::int as week_total,
          coalesce(sum(confirmed) filter (where day >= ${day('weekDays')}), 0)::int as week_confirmed
        from carrier_offer_days where day >= ${day('monthDays')} and day <= ${day('today')}
        group by carrier_id
      ), hours as (
        select carrier_id,
          coalesce(sum(offers) filter (where hour < ${at('monthDays')}), 0)::int as month_total,
          coalesce(sum(confirmed) filter (where hour < ${at('monthDays')}), 0)::int as month_confirmed,
          coalesce(sum(offers) filter (where hour >= ${at('weekHours')}), 0)::int as week_total,
          coalesce(sum(confirmed) filter (where hour >= ${at('weekHours')}), 0)::int as week_confirmed
        -- One range scan each, from the index alone (an OR of the two is a bitmap scan of the table).
        from (${sql.join(
          (
            [
              ['monthHours', 'monthDays'],
              ['weekHours', 'weekDays'],
            ] as const
          ).map(
            ([from, to]) => sql`select carrier_id, hour, offers, confirmed from carrier_offer_hours
              where hour >= ${at(from)} and hour < ${at(to)}`,
          ),
          sql` union all `,
        )}) h
        group by carrier_id
      ), cut as (
        select carrier_id,
          (count(*) filter (where created_at < ${at('monthHours')}))::int as month_total,
          (count(*) filter (where created_at < ${at('monthHours')} and status = 'CONFIRMED'))::int as month_confirmed,
          (count(*) filter (where created_at >= ${at('week')}))::int as week_total,
          (count(*) filter (where created_at >= ${at('week')} and status = 'CONFIRMED'))::int as week_confirmed
        from ticket_assignments
        where (created_at >= ${at('month')} and created_at < ${at('monthHours')})
          or (created_at >= ${at('week')} and created_at < ${at('weekHours')})
        group by carrier_id
      )
      select c.id, c.business_name, c.mode,
        coalesce(d.month_total, 0) + coalesce(h.month_total, 0) + coalesce(x.month_total, 0) as month_total,
        coalesce(d.month_confirmed, 0) + coalesce(h.month_confirmed, 0) + coalesce(x.month_confirmed, 0)
          as month_confirmed,
        coalesce(d.week_total, 0) + coalesce(h.week_total, 0) + coalesce(x.week_total, 0) as week_total,
        coalesce(d.week_confirmed, 0) + coalesce(h.week_confirmed, 0) + coalesce(x.week_confirmed, 0)
          as week_confirmed
      from carriers c
      left join days d on d.carrier_id = c.id
      left join hours h on h.carrier_id = c.id
      left join cut x on x.carrier_id = c.id`;
  return levels;
}

/**
 * The service level's statement, prepared and planned once: its plan does not depend on the bounds (each
 * range is read from an index), and planning it took as long as running it.
 */
const serviceLevelsStatement = (db: Tx) =>
  prepared(db, 'carrier_service_levels', (db) => {
    const levels = serviceLevelsQuery();
    // The answer's JSON is written here, like the ticket lists': the server passes it on as it is.
    return db
      .select({
        carriers: sql<string>`coalesce(json_agg(json_build_object('id', l.id, 'businessName', l.business_name,
          'mode', l.mode, 'lastMonth', json_build_object('total', l.month_total, 'confirmed', l.month_confirmed),
          'lastWeek', json_build_object('total', l.week_total, 'confirmed', l.week_confirmed)) order by l.id), '[]')::text`,
      })
      .from(sql`(${levels}) as l`)
      .prepare('carrier_service_levels');
  });

/**
 * Offers made to each carrier in the last 30 and 7 days and how many of them stand confirmed (an offer
 * confirmed and later declined counts as not confirmed), as the JSON text of an array of
 * CarrierServiceLevel by carrier id. Every carrier is listed, also without offers.
 *
 * The whole UTC days from the month's second day to today are read from the per-day counts
 * (carrier_offer_days; today's row holds every offer made so far today, so the windows end now), the
 * whole hours of the two days the windows start inside (the month's first day and the week's first day)
 * from the per-hour counts (carrier_offer_hours), and only the offers of the two hours the windows start
 * inside are counted one by one, so each window still starts at the exact instant. The cost follows the
 * number of carriers and of days in a month and hours in two days, and the offers of two hours, not the
 * history or a day's offers.
 */
export async function carrierServiceLevels(db: Tx, now = new Date()): Promise<string> {
  const [levels] = await serviceLevelsStatement(db).execute(levelBounds(now));
  return levels?.carriers ?? '[]';
}

/** The values of `serviceLevelsQuery`'s placeholders for the windows that end at `now`. */
export function levelBounds(now: Date): Record<string, string> {
  const end = now.getTime();
  const month = end - 30 * DAY_MS;
  const week = end - 7 * DAY_MS;
  // Whole days [monthDays, today] come from the day counts; a day counts in the week from weekDays on.
  const monthDays = ceilDay(month);
  const weekDays = ceilDay(week);
  const today = floorDay(end);
  // Whole hours [monthHours, monthDays) and [weekHours, weekDays) from the hour counts.
  const monthHours = ceilHour(month);
  const weekHours = ceilHour(week);
  return {
    monthDaysDay: isoDay(monthDays),
    weekDaysDay: isoDay(weekDays),
    todayDay: isoDay(today),
    ...Object.fromEntries(
      Object.entries({ monthDays, weekDays, monthHours, weekHours, month, week }).map(([name, t]) => [
        name,
        isoTime(t),
      ]),
    ),
  };
}
