// Group commit: write transactions that arrive while another is committing are run together in
// one SQLite transaction, each inside its own savepoint, and acknowledged only after the shared
// COMMIT (and its fsync) has returned. Many concurrent writers then pay for one fsync, not one
// each, while every write keeps its own all-or-nothing behaviour.
import { sql, type Kysely } from 'kysely';
import type { Db } from './db';
import { dialectOf } from './dialect';
import { poolWrite } from './pool-write';
import { ZoneBatches } from './zone-batches';
import type { Database } from './schema';
import { storageFault } from './storage-fault';
import { nextTurn } from '../slices';

/** The connection a write runs on, inside its transaction. */
export type Trx = Kysely<Database>;

interface Job {
  work: (trx: Trx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const MAX_BATCH = 64;

const BUSY_RETRIES = 20;

const isBusy = (e: unknown) =>
  e instanceof Error &&
  'code' in e &&
  String((e as { code: unknown }).code).startsWith('SQLITE_BUSY');

class GroupCommit {
  private queue: Job[] = [];
  private draining = false;

  /** Told the duration of every committed batch, BEGIN to the end of COMMIT, in seconds. */
  onCommit?: (seconds: number) => void;

  constructor(private readonly db: Db) {}

  run<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length) {
        // Lets the requests that have already arrived reach the queue first. On SQLite every
        // statement is synchronous, so without this turn of the event loop a batch would be
        // run and committed before any other request was read, and every write paid for a
        // COMMIT of its own (measured: 2,749 commits for 2,749 creates from 16 clients).
        await nextTurn();
        const batch = this.queue.splice(0, MAX_BATCH);
        const outcomes: Array<() => void> = [];
        try {
          // A batch reads before it writes. When another process (the apikey CLI beside a
          // running server) commits in between, SQLite refuses the upgrade to a write with
          // SQLITE_BUSY at once, whatever busy_timeout says: nothing was written, so the
          // batch is run again from the start. (BEGIN IMMEDIATE would avoid it, but took a
          // fifth off the create rate here.)
          for (let attempt = 1; ; attempt++) {
            outcomes.length = 0;
            try {
              const started = performance.now();
              await this.transaction((trx) => this.runBatch(trx, batch, outcomes));
              this.onCommit?.((performance.now() - started) / 1000);
              break;
            } catch (e) {
              if (!isBusy(e) || attempt >= BUSY_RETRIES) throw e;
              await new Promise((r) => setTimeout(r, 5 * attempt));
            }
          }
          for (const settle of outcomes) settle();
        } catch (e) {
          for (const job of batch) job.reject(e);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * BEGIN, `body`, COMMIT on one connection. Kysely's transaction() throws the ROLLBACK's error
   * when the ROLLBACK fails, and after a full disk or an I/O error SQLite has often rolled back
   * already ("no transaction is active"): the cause would be lost. Here the first error wins.
   */
  private transaction(body: (trx: Trx) => Promise<void>): Promise<void> {
    return this.db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn).catch(async (e: unknown) => {
        // A transaction is still open only when an I/O error made a ROLLBACK fail: end it,
        // or every later write would fail ("within a transaction") after the disk recovered.
        if (!(e instanceof Error) || !/within a transaction/.test(e.message)) throw e;
        await sql`rollback`.execute(conn);
        await sql`begin`.execute(conn);
      });
      try {
        await body(conn);
        await sql`commit`.execute(conn);
      } catch (e) {
        await sql`rollback`.execute(conn).catch(() => {
          /* already rolled back by SQLite: the error that matters is e */
        });
        throw e;
      }
    });
  }

  private async runBatch(trx: Trx, batch: Job[], outcomes: Array<() => void>): Promise<void> {
    for (const job of batch) {
      await sql`savepoint job`.execute(trx);
      try {
        const value = await job.work(trx);
        await sql`release savepoint job`.execute(trx);
        outcomes.push(() => job.resolve(value));
      } catch (e) {
        if (isBusy(e)) throw e; // the whole batch runs again (see drain)
        // A full disk or an I/O error fails the whole batch: SQLite may have rolled the
        // transaction back already, and its COMMIT would fail anyway. Each job gets this error.
        if (storageFault(e)) throw e;
        try {
          await sql`rollback to savepoint job`.execute(trx);
          await sql`release savepoint job`.execute(trx);
        } catch {
          throw e; // the batch is lost; the job's own error says why, not the rollback's
        }
        outcomes.push(() => job.reject(e));
      }
    }
  }
}

const writers = new WeakMap<Db, GroupCommit>();

function writerOf(db: Db): GroupCommit {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new GroupCommit(db)));
  return w;
}

const commitObservers = new WeakMap<Db, (seconds: number) => void>();

const zoneWriters = new WeakMap<Db, ZoneBatches>();

/** PostgreSQL: the writes to the zone waiting in this process for a transaction. */
export function zoneWritesWaiting(db: Db, zoneId: string): number {
  return zoneWriters.get(db)?.waiting(zoneId) ?? 0;
}

function zoneWriterOf(db: Db): ZoneBatches {
  let w = zoneWriters.get(db);
  if (!w) {
    zoneWriters.set(db, (w = new ZoneBatches(db)));
    w.onCommit = commitObservers.get(db);
  }
  return w;
}

/**
 * Runs `work` as one atomic write of `db`: on SQLite batched with concurrent writes into one
 * commit. On PostgreSQL, a write to one zone (`zoneId`: it runs with the zone locked, lockZone)
 * is batched with the node's concurrent writes to that zone, and a `small` one (an RRset or two)
 * with its small writes to other zones too (zone-batches.ts); any other runs in a transaction of
 * its own (pool-write.ts).
 */
export function write<T>(
  db: Db,
  work: (trx: Trx) => Promise<T>,
  zoneId?: string,
  small = false,
): Promise<T> {
  if (dialectOf(db) === 'postgres') {
    if (zoneId !== undefined) return zoneWriterOf(db).run(zoneId, work, small);
    return poolWrite(db, work, commitObservers.get(db));
  }
  return writerOf(db).run(work);
}

/** Registers the one observer of `db`'s commit times (the service's metrics). */
export function observeCommits(db: Db, onCommit: (seconds: number) => void): void {
  commitObservers.set(db, onCommit);
  if (dialectOf(db) === 'postgres') zoneWriterOf(db).onCommit = onCommit;
  else writerOf(db).onCommit = onCommit;
}
