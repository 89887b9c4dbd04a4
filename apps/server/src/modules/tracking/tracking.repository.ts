import { FUNNEL_STEPS } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';

/** The only SQL of user-action tracking (table tracking_events, migration 0032). */

export type TrackingKind = 'event' | 'action';

export type NewTrackingEvent = {
  kind: TrackingKind;
  name: string;
  visitorHash: string;
  userId: number | null;
  fields: Record<string, string>;
};

export async function insertTrackingEvent(db: Queryable, event: NewTrackingEvent): Promise<void> {
  await db.query(
    `INSERT INTO tracking_events (kind, name, visitor_hash, user_id, fields) VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [event.kind, event.name, event.visitorHash, event.userId, JSON.stringify(event.fields)],
  );
}

/** Deletes events older than `days` days; returns how many. */
export async function deleteOldTrackingEvents(db: Queryable, days: number): Promise<number> {
  const result = await db.query('DELETE FROM tracking_events WHERE created_at < now() - make_interval(days => $1)', [
    days,
  ]);
  return result.rowCount;
}

export type FunnelCounts = {
  days: { day: string; counts: number[] }[];
  totals: number[];
  events: { name: string; kind: TrackingKind; count: number }[];
};

const FUNNEL_NAMES = FUNNEL_STEPS.map((step) => `checktools-${step}`);

/**
 * Distinct visitor sessions per UTC day and funnel step, and per step over the range; every other event and
 * action counted by posts. `from` and `to` are UTC days, both included.
 */
export async function countFunnel(db: Queryable, range: { from: string; to: string }): Promise<FunnelCounts> {
  const params = [range.from, range.to, FUNNEL_NAMES];
  const window = `created_at >= $1::date AND created_at < $2::date + 1`;
  const perDay = await db.query<{ day: string; name: string; visitors: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, name,
            count(DISTINCT visitor_hash)::int AS visitors
       FROM tracking_events
      WHERE kind = 'event' AND ${window} AND name = ANY($3::text[])
      GROUP BY 1, 2
      ORDER BY 1`,
    params,
  );
  const total = await db.query<{ name: string; visitors: number }>(
    `SELECT name, count(DISTINCT visitor_hash)::int AS visitors
       FROM tracking_events
      WHERE kind = 'event' AND ${window} AND name = ANY($3::text[])
      GROUP BY 1`,
    params,
  );
  const others = await db.query<{ name: string; kind: TrackingKind; count: number }>(
    `SELECT name, kind, count(*)::int AS count
       FROM tracking_events
      WHERE ${window} AND NOT (kind = 'event' AND name = ANY($3::text[]))
      GROUP BY 1, 2
      ORDER BY 3 DESC, 1, 2`,
    params,
  );
  const indexOf = (name: string) => FUNNEL_NAMES.indexOf(name);
  const byDay = new Map<string, number[]>();
  for (const row of perDay.rows) {
    const counts = byDay.get(row.day) ?? FUNNEL_STEPS.map(() => 0);
    counts[indexOf(row.name)] = row.visitors;
    byDay.set(row.day, counts);
  }
  const totals = FUNNEL_STEPS.map(() => 0);
  for (const row of total.rows) totals[indexOf(row.name)] = row.visitors;
  return {
    days: [...byDay.entries()].map(([day, counts]) => ({ day, counts })),
    totals,
    events: others.rows,
  };
}
