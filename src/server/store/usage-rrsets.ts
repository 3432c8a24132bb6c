// Queries per RRset (ADR 0017): per UTC day, kept HOURLY_DAYS, and each RRset's last query. The
// DNS server adds to them in batches; the usage/rrsets route reads every RRset of a zone with
// its sums. Only RRsets that exist get rows: the write skips the others, and a trigger on
// `rrsets` deletes an RRset's rows with it.
import { sql } from 'kysely';
import type { Db } from './db';
import { dialectOf } from './dialect';
import { write, type Trx } from './group-commit';
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
      if (dialectOf(trx) === 'postgres') await addChunkPostgres(trx, rows);
      else await addChunkSqlite(trx, rows);
    }
  });
}

/**
 * SQLite runs on the DNS server's own thread: the batch is read from JSON once, into a
 * temporary table, joined with the RRsets that exist, then added to both tables from there
 * (half the CPU of reading each field from the JSON in each statement, measured).
 */
async function addChunkSqlite(trx: Trx, rows: string): Promise<void> {
  await sql`CREATE TEMP TABLE IF NOT EXISTS rrset_usage_batch (zone_id TEXT, name TEXT,
    type TEXT, day TEXT, count INTEGER, last_queried_at TEXT)`.execute(trx);
  await sql`DELETE FROM temp.rrset_usage_batch`.execute(trx);
  await sql`
    INSERT INTO temp.rrset_usage_batch
    SELECT s.zone_id, s.name, s.type, j.value ->> 3, j.value ->> 4, j.value ->> 5
    FROM json_each(${rows}) AS j
    JOIN rrsets s ON s.zone_id = j.value ->> 0 AND s.name = j.value ->> 1
      AND s.type = j.value ->> 2`.execute(trx);
  // WHERE true: an upsert's SELECT needs a clause before ON CONFLICT (SQLite's parsing rule).
  await sql`
    INSERT INTO usage_rrsets_daily (zone_id, name, type, day, count)
    SELECT zone_id, name, type, day, count FROM temp.rrset_usage_batch WHERE true
    ON CONFLICT (zone_id, name, type, day)
    DO UPDATE SET count = usage_rrsets_daily.count + excluded.count`.execute(trx);
  // One row per RRset: a batch may hold two of its days.
  await sql`
    INSERT INTO usage_rrsets_last (zone_id, name, type, last_queried_at)
    SELECT zone_id, name, type, max(last_queried_at) FROM temp.rrset_usage_batch
    GROUP BY zone_id, name, type
    ON CONFLICT (zone_id, name, type)
    DO UPDATE SET last_queried_at = max(usage_rrsets_last.last_queried_at,
      excluded.last_queried_at)`.execute(trx);
  await sql`DELETE FROM temp.rrset_usage_batch`.execute(trx);
}

/** PostgreSQL does the work in its own process: the batch as rows of json_array_elements. */
async function addChunkPostgres(trx: Trx, rows: string): Promise<void> {
  const rowsOf = sql`json_array_elements(${rows}::json) AS j(value)`;
  const exists = sql`EXISTS (SELECT 1 FROM rrsets s WHERE s.zone_id = j.value ->> 0
      AND s.name = j.value ->> 1 AND s.type = j.value ->> 2)`;
  await sql`
    INSERT INTO usage_rrsets_daily (zone_id, name, type, day, count)
    SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, (j.value ->> 4)::bigint
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
    DO UPDATE SET last_queried_at = greatest(usage_rrsets_last.last_queried_at,
      excluded.last_queried_at)`.execute(trx);
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
