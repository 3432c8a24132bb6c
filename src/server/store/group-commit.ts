// Group commit: write transactions that arrive while another is committing are run together in
// one SQLite transaction, each inside its own savepoint, and acknowledged only after the shared
// COMMIT (and its fsync) has returned. Many concurrent writers then pay for one fsync, not one
// each, while every write keeps its own all-or-nothing behaviour.
import { sql, type Kysely } from 'kysely';
import type { Db } from './db';
import type { Database } from './schema';

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
              await this.db.transaction().execute((trx) => this.runBatch(trx, batch, outcomes));
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

  private async runBatch(trx: Trx, batch: Job[], outcomes: Array<() => void>): Promise<void> {
    for (const job of batch) {
      await sql`savepoint job`.execute(trx);
      try {
        const value = await job.work(trx);
        await sql`release savepoint job`.execute(trx);
        outcomes.push(() => job.resolve(value));
      } catch (e) {
        if (isBusy(e)) throw e; // the whole batch runs again (see drain)
        await sql`rollback to savepoint job`.execute(trx);
        await sql`release savepoint job`.execute(trx);
        outcomes.push(() => job.reject(e));
      }
    }
  }
}

const writers = new WeakMap<Db, GroupCommit>();

/** Runs `work` as one atomic write of `db`, batched with concurrent writes into one commit. */
export function write<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new GroupCommit(db)));
  return w.run(work);
}
