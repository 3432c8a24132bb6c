// Queries per RRset (ADR 0017): per UTC day, kept HOURLY_DAYS, and each RRset's last query. The
// DNS server adds to them in batches; the usage/rrsets route reads every RRset of a zone with
// its sums. Only RRsets that exist get rows: the write skips the others, and a trigger on
// `rrsets` deletes an RRset's rows with it.
import { sql } from 'kysely';
import type { Db } from './db';
import { dialectOf } from './dialect';
import { write } from './group-commit';
import { HOURLY_DAYS } from './usage';

export interface RrsetCount {
  zoneId: string;
  /** As `rrsets.name` holds it: absolute, with the trailing dot. */
  name: string;
  type: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
  /** ISO 8601 UTC. */
  lastQueriedAt: string;
}

/** Rows per statement: one statement reads its batch from JSON (no statement per RRset). */
const CHUNK = 5000;

/** Adds counts and moves last-queried times forward, in one transaction. */
export async function addRrsetUsage(db: Db, counts: readonly RrsetCount[]): Promise<void> {
  if (!counts.length) return;
  await write(db, async (trx) => {
    for (let i = 0; i < counts.length; i += CHUNK) {
      const rows = JSON.stringify(
        counts
          .slice(i, i + CHUNK)
          .map((c) => [c.zoneId, c.name, c.type, c.day, c.count, c.lastQueriedAt]),
      );
      const pg = dialectOf(trx) === 'postgres';
      // The batch as rows of JSON: SQLite's json_each, PostgreSQL's json_array_elements (whose
      // text fields need casts), and the later of two times (max / greatest).
      const rowsOf = pg
        ? sql`json_array_elements(${rows}::json) AS j(value)`
        : sql`json_each(${rows}) AS j`;
      const count = pg ? sql`(j.value ->> 4)::bigint` : sql`j.value ->> 4`;
      const later = pg ? sql`greatest` : sql`max`;
      const exists = sql`EXISTS (SELECT 1 FROM rrsets s WHERE s.zone_id = j.value ->> 0
          AND s.name = j.value ->> 1 AND s.type = j.value ->> 2)`;
      await sql`
        INSERT INTO usage_rrsets_daily (zone_id, name, type, day, count)
        SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, ${count}
        FROM ${rowsOf}
        WHERE ${exists}
        ON CONFLICT (zone_id, name, type, day)
        DO UPDATE SET count = usage_rrsets_daily.count + excluded.count`.execute(trx);
      await sql`
        INSERT INTO usage_rrsets_last (zone_id, name, type, last_queried_at)
        SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, max(j.value ->> 5)
        FROM ${rowsOf}
        WHERE ${exists}
        -- One row per RRset (a batch may hold two of its days; PostgreSQL refuses to update a
        -- row twice in one statement).
        GROUP BY j.value ->> 0, j.value ->> 1, j.value ->> 2
        ON CONFLICT (zone_id, name, type)
        DO UPDATE SET last_queried_at = ${later}(usage_rrsets_last.last_queried_at,
          excluded.last_queried_at)`.execute(trx);
    }
  });
}

export interface StoredRrsetUsage {
  name: string;
  type: string;
  queries: number;
  last_queried_at: string | null;
}

/** Every RRset of the zone in (name, type) order, with its queries of the days from `fromDay`. */
export async function readRrsetUsage(
  db: Db,
  zoneId: string,
  fromDay: string,
): Promise<StoredRrsetUsage[]> {
  const r = await sql<StoredRrsetUsage>`
    SELECT s.name AS name, s.type AS type, coalesce(d.queries, 0) AS queries,
      l.last_queried_at AS last_queried_at
    FROM rrsets s
    LEFT JOIN (
      SELECT name, type, sum(count) AS queries FROM usage_rrsets_daily
      WHERE zone_id = ${zoneId} AND day >= ${fromDay} GROUP BY name, type
    ) d ON d.name = s.name AND d.type = s.type
    LEFT JOIN usage_rrsets_last l
      ON l.zone_id = s.zone_id AND l.name = s.name AND l.type = s.type
    WHERE s.zone_id = ${zoneId}
    ORDER BY s.name, s.type`.execute(db);
  return r.rows;
}

/** Deletes the days older than HOURLY_DAYS (last-queried rows stay while their RRset lives). */
export async function pruneRrsetUsage(db: Db, now = Date.now()): Promise<void> {
  const cutoff = new Date(now - HOURLY_DAYS * 86_400_000).toISOString().slice(0, 10);
  await write(db, (trx) =>
    trx.deleteFrom('usage_rrsets_daily').where('day', '<', cutoff).execute(),
  );
}
