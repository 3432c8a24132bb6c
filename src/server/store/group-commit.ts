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
          // BEGIN IMMEDIATE takes the write lock first, waiting (busy_timeout) while another
          // process writes. A deferred BEGIN reads first and cannot upgrade to a write once
          // another process has committed since: SQLite then fails with "database is locked"
          // at once, which a CLI run beside the server (`npm run apikey`) made happen.
          await this.db.connection().execute(async (trx) => {
            await sql`begin immediate`.execute(trx);
            try {
              await this.runBatch(trx, batch, outcomes);
              await sql`commit`.execute(trx);
            } catch (e) {
              await sql`rollback`.execute(trx).catch(() => undefined);
              throw e;
            }
          });
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
