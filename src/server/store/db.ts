// Opens the store, SQLite in DATA_DIR by default or PostgreSQL when DATABASE_URL names one
// (ADR 0019), with durable settings, and brings its schema up to date.
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { ZoneEvents } from '../events';
import type { DialectName } from './dialect';
import { DataDirError, prepareDataDir } from './files';
import { migrationProvider } from './migrations';
import { ChangeFeed } from './change-feed';
import { openPostgres } from './db-postgres';
import type { Actor } from './journal';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * The database with who hears of its changes: what every write function of the store takes, so
 * that no write can go unannounced (ADR 0010). Reads take the Db alone.
 */
export interface Store {
  readonly db: Db;
  readonly events: ZoneEvents;
  /** Who the journal names for the writes made through this store; none: the operator. */
  readonly actor?: Actor;
  /** PostgreSQL: the stream of every node's writes (ADR 0021); none on SQLite. */
  readonly feed?: ChangeFeed;
}

export interface OpenedStore extends Store {
  readonly dialect: DialectName;
  /** The SQLite handle (backups, tests of SQLite's own faults); null on PostgreSQL. */
  readonly sqlite: SQLite.Database | null;
  /** Answers whether the database takes a query now (readiness); the error says why not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A store on SQLite: the handle is there. */
export type SqliteStore = OpenedStore & { readonly sqlite: SQLite.Database };

export interface OpenOptions {
  /** Told each file whose too-open permissions were tightened (the server logs it). */
  warn?: (line: string) => void;
  /** postgres://…: the store is that PostgreSQL database, not a file in the data directory. */
  databaseUrl?: string;
  /** PostgreSQL: send statements run again as prepared ones (prepared.ts). Default true. */
  preparedStatements?: boolean;
}

export async function openStore(
  dataDir: string,
  options?: OpenOptions & { databaseUrl?: undefined },
): Promise<SqliteStore>;
export async function openStore(dataDir: string, options?: OpenOptions): Promise<OpenedStore>;
export async function openStore(dataDir: string, options: OpenOptions = {}): Promise<OpenedStore> {
  if (options.databaseUrl) {
    const db = await openPostgres(options.databaseUrl, options.preparedStatements ?? true);
    await migrate(db, 'postgres', 'the PostgreSQL database');
    const events = new ZoneEvents();
    const feed = new ChangeFeed(options.databaseUrl, db, events);
    return {
      db,
      dialect: 'postgres',
      sqlite: null,
      events,
      feed,
      ping: () =>
        db
          .selectFrom('meta')
          .select('key')
          .limit(1)
          .execute()
          .then(() => {}),
      close: async () => {
        await feed.stop();
        await db.destroy();
      },
    };
  }
  return openSqlite(dataDir, options);
}

async function openSqlite(dataDir: string, options: OpenOptions): Promise<SqliteStore> {
  const file = prepareDataDir(dataDir, options.warn ?? (() => {}));
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
    // WAL with synchronous=FULL: a commit is on disk before the HTTP answer is sent,
    // so an acknowledged write survives kill -9 and power loss.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
  } catch (e) {
    throw new DataDirError(`Cannot open the database ${file}: ${sqliteReason(e)}`);
  }
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  await migrate(db, 'sqlite', file);
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    events: new ZoneEvents(),
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    close: () => db.destroy(),
  };
}

/** Brings the schema up to date; a failure closes the database and names the migration. */
async function migrate(db: Db, dialect: DialectName, where: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new DataDirError(
      `Database migration ${failed} of ${where} failed: ${sqliteReason(error)}`,
    );
  }
}

/** The cause of an SQLite failure at open, with what the operator can do about it. */
function sqliteReason(e: unknown): string {
  const code = e instanceof Error && 'code' in e ? String(e.code) : '';
  const text = e instanceof Error ? e.message : String(e);
  if (/^SQLITE_(NOTADB|CORRUPT)/.test(code))
    return `${text} (${code}). Restore it from a backup (README: Backup and restore), or move it away to start empty.`;
  return code ? `${text} (${code})` : text;
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, so keep the most
 * recent ones by SQL text (the query builder yields a small set of distinct texts).
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (stmt) {
        cache.delete(text); // re-insert: Map order is the recency order
      } else {
        stmt = sqlite.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, stmt);
      return stmt;
    },
  };
}
