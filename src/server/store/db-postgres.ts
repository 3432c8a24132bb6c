// The PostgreSQL side of openStore: a pool of connections through the pg driver (ADR 0019).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { DataDirError } from './files';
import { PreparingClient } from './prepared';

// The schema's integers are bigint (migration-ddl.ts), and count(*) and sum() are bigint and
// numeric: pg hands those over as strings. Every one of ours is far below 2^53, so numbers.
const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (text: string) => Number(text);

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC
      ? toNumber
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Pool size: enough for concurrent writes and the DNS view's reads on two cores. */
const POOL_MAX = 10;

/**
 * `prepare`: statements run again are sent as prepared ones (prepared.ts); off behind a pooler
 * that cannot carry them.
 */
export async function openPostgres(url: string, prepare = true): Promise<Kysely<Database>> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    types,
    ...(prepare ? { Client: PreparingClient } : {}),
  });
  // An idle connection that the server dropped (a restart, a failover) must not end the process:
  // the pool discards it and the next query opens another.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (e) {
    await pool.end();
    throw new DataDirError(
      `Cannot connect to the PostgreSQL database of DATABASE_URL (${redacted(url)}): ${
        e instanceof Error ? e.message : String(e)
      }. Check that PostgreSQL runs there and that the URL's user, password and database exist.`,
    );
  }
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The URL without its password, for messages and logs. */
export function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'an unparseable URL';
  }
}
