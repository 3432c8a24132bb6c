// What differs between the two databases the store runs on, in one place: which one a handle is
// on, the locks PostgreSQL needs where SQLite's single writer gives the same for free, and
// reading a large result in chunks.
import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

/** Which database `db` (or a transaction on it) talks to. */
export function dialectOf(db: Kysely<Database> | Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Holds the zone's row until the write commits, so that a write's checks (the record quota, the
 * RRset's values, the journal's "before") see every write to the zone that committed before it
 * and none that commits during it. SQLite runs one write at a time: nothing to do there.
 */
export async function lockZone(trx: Kysely<Database>, zoneId: string): Promise<void> {
  if (dialectOf(trx) === 'sqlite' || held.get(trx)?.has(zoneId)) return;
  await trx.selectFrom('zones').select('id').where('id', '=', zoneId).forUpdate().execute();
}

/**
 * The zone a write was for is deleted: its delete committed after the request found the zone
 * and before the write's serial step (which only steps a live zone's serial). The write is
 * rolled back; the route answers 404 zone_not_found, as it would have a moment later.
 */
export class ZoneGone extends Error {
  constructor(readonly zoneId: string) {
    super(`zone ${zoneId} was deleted before the write was made`);
  }
}

/** The zones each transaction of a zone's group commit holds locked (zone-batches.ts). */
const held = new WeakMap<Kysely<Database>, ReadonlySet<string>>();

/** Says that `trx` has locked the zones for its whole transaction, so that the writes run in it
 * need not lock them again (zone-batches.ts takes the locks with its BEGIN). */
export function holdsZones(trx: Kysely<Database>, zoneIds: ReadonlySet<string>): void {
  held.set(trx, zoneIds);
}

/** Any 64-bit number, the same on every node: the advisory lock of zone names and quotas. */
const ZONE_CLAIMS_LOCK = 0x5a44_0001;

/**
 * Serialises zone creations: the overlap check (no zone inside another customer's) and the zone
 * quota read rows that a concurrent create has not committed yet, and no row lock can cover a
 * row that does not exist.
 */
export async function lockZoneClaims(trx: Kysely<Database>): Promise<void> {
  if (dialectOf(trx) === 'sqlite') return;
  await sql`select pg_advisory_xact_lock(${ZONE_CLAIMS_LOCK})`.execute(trx);
}

/**
 * The query's rows, `chunk` at a time, without holding them all in memory. SQLite steps its
 * statement; PostgreSQL reads through a cursor in a read-only transaction of its own (the pg
 * driver alone has no streaming of results).
 */
export async function* streamRows<O>(
  db: Kysely<Database>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query over any tables
  query: SelectQueryBuilder<any, any, O>,
  chunk: number,
): AsyncGenerator<O> {
  if (dialectOf(db) === 'sqlite') {
    yield* query.stream(chunk);
    return;
  }
  const conn = await connectionOf(db);
  let ended = false;
  try {
    await sql`begin read only`.execute(conn.db);
    await sql`declare rows_cursor no scroll cursor for ${query}`.execute(conn.db);
    for (;;) {
      const { rows } = await sql<O>`fetch ${sql.lit(chunk)} from rows_cursor`.execute(conn.db);
      for (const r of rows) yield r;
      if (rows.length < chunk) break;
    }
    await sql`commit`.execute(conn.db);
    ended = true;
  } finally {
    // An error, or a reader that stopped early: the connection goes back to the pool clean.
    if (!ended) await sql`rollback`.execute(conn.db).catch(() => {});
    conn.release();
  }
}

/** One pooled connection held until `release` (Kysely lends connections only to a callback). */
function connectionOf(db: Kysely<Database>): Promise<{ db: Kysely<Database>; release(): void }> {
  return new Promise((resolve, reject) => {
    db.connection()
      .execute(
        (conn) =>
          new Promise<void>((done) => {
            resolve({ db: conn, release: done });
          }),
      )
      .catch(reject);
  });
}
