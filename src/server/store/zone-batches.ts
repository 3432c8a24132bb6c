// Group commit per zone on PostgreSQL (ADR 0023). Writes to one zone are serialised by the zone's
// row lock (dialect.ts: lockZone) on every node, so their rate is one lock hold after another,
// and each hold paid for a BEGIN, the lock's wait and hand-over, a COMMIT and its flush. Here a
// node's writes to one zone that arrive while one of them runs wait in-process, off the pool,
// and then run together: one transaction, the zone locked once, their notifications (ADR 0021)
// sent with the COMMIT, each write acknowledged only after it. Writes that arrive while the
// batch waits for the lock (another node's batch holds it) join it once the lock is taken: with
// two nodes writing to one zone, batches stayed small and the lock went back and forth
// (ADR 0032: 22 % more creates a second measured in turn). What costs here is round trips
// to PostgreSQL. The writes run one after the other with no savepoint between them; when one is
// refused (a 409, a quota, any error of its own), the transaction is rolled back and the batch
// run again with each write in a savepoint of its own (all or nothing, as alone): a round trip
// more per write, paid only by a batch with a refusal in it. A write that finds no other
// waiting runs alone. The BEGIN goes with the lock, and the notifications with the COMMIT, in
// one simple query each (statements separated by semicolons, their values written in as
// literals: the extended protocol that carries parameters takes one statement at a time).
// SQLite's group-commit.ts is the same idea for its single writer.
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { holdsZone } from './dialect';
import { retryable, retryPause, RETRIES } from './pool-write';
import { storageFault } from './storage-fault';
import type { Database } from './schema';

type Trx = Kysely<Database>;

interface Job {
  work: (trx: Trx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * A write of a batch run without savepoints failed: the batch is rolled back and run again with
 * one savepoint per write (its other writes' work is done twice, a refusal's cost).
 */
class OneRefused extends Error {}

/** Writes run together at most; more wait for the next transaction. */
const MAX_BATCH = 32;

interface Notification {
  channel: string;
  payload: string;
}

/** The notifications of each zone transaction, sent with its COMMIT. */
const deferred = new WeakMap<Trx, Notification[]>();

/**
 * `pg_notify` in `trx`: at once, or in a zone's transaction with its COMMIT (a round trip less
 * per write). Either way PostgreSQL delivers them at the commit, in the order given; those of a
 * write rolled back to its savepoint are not sent.
 */
export async function notifyAtCommit(trx: Trx, channel: string, payload: string): Promise<void> {
  const batch = deferred.get(trx);
  if (batch) batch.push({ channel, payload });
  else await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
}

/** The notifications, one statement each (in order), then COMMIT: one simple query. */
function commitSql(all: readonly Notification[]): string {
  const { escapeLiteral: lit } = pg;
  return (
    all.map((n) => `select pg_notify(${lit(n.channel)}, ${lit(n.payload)}); `).join('') + 'commit'
  );
}

export class ZoneBatches {
  private readonly queues = new Map<string, Job[]>();

  /** Told the duration of every committed transaction, BEGIN to the end of COMMIT, in seconds. */
  onCommit?: (seconds: number) => void;

  constructor(private readonly db: Kysely<Database>) {}

  /** The writes to the zone queued behind the batch running now. */
  waiting(zoneId: string): number {
    return this.queues.get(zoneId)?.length ?? 0;
  }

  run<T>(zoneId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = { work, resolve: resolve as (v: unknown) => void, reject };
      const queue = this.queues.get(zoneId);
      if (queue) {
        queue.push(job);
        return;
      }
      const fresh = [job];
      this.queues.set(zoneId, fresh);
      void this.drain(zoneId, fresh);
    });
  }

  private async drain(zoneId: string, queue: Job[]): Promise<void> {
    try {
      while (queue.length) await this.runBatch(zoneId, queue.splice(0, MAX_BATCH), queue);
    } finally {
      // Synchronous with the last emptiness check: a write queued from now on starts a drain.
      this.queues.delete(zoneId);
    }
  }

  /** One transaction for `batch`, run again from the start after a deadlock or serialization failure. */
  private async runBatch(zoneId: string, batch: Job[], queue: Job[]): Promise<void> {
    let careful = false;
    for (let attempt = 1; ; attempt++) {
      const outcomes: Array<() => void> = [];
      try {
        const started = performance.now();
        await this.db.connection().execute(async (trx) => {
          holdsZone(trx, zoneId);
          const notifications: Notification[] = [];
          deferred.set(trx, notifications);
          try {
            await sql
              .raw(`begin; select id from zones where id = ${pg.escapeLiteral(zoneId)} for update`)
              .execute(trx);
            // Writes that came while the lock was awaited (another node held it) join.
            if (batch.length < MAX_BATCH && queue.length)
              batch.push(...queue.splice(0, MAX_BATCH - batch.length));
            if (batch.length === 1 || !careful) {
              // Alone, or together as long as every write goes through: no savepoints.
              for (const job of batch) {
                let value: unknown;
                try {
                  value = await job.work(trx);
                } catch (e) {
                  // The batch's fault, not the write's (the connection, the disk): it fails
                  // or is run again as a whole, as with savepoints.
                  if (batch.length === 1 || retryable(e) || storageFault(e)) throw e;
                  throw new OneRefused('a write of the batch was refused', { cause: e });
                }
                outcomes.push(() => job.resolve(value));
              }
            } else {
              for (let i = 0; i < batch.length; i++)
                outcomes.push(await inSavepoint(trx, batch[i]!, i, notifications));
            }
            await sql.raw(commitSql(notifications)).execute(trx);
          } catch (e) {
            // Whatever failed, the lock's wait included (a deadlock), the connection goes back
            // to the pool with no transaction open. After a failed COMMIT, which has ended the
            // transaction, PostgreSQL only warns that there is none to roll back.
            await sql`rollback`.execute(trx).catch(() => {});
            throw e;
          }
        });
        this.onCommit?.((performance.now() - started) / 1000);
        for (const settle of outcomes) settle();
        return;
      } catch (e) {
        if (e instanceof OneRefused) {
          // Run again from the start, each write in a savepoint of its own: the refused one
          // is refused again, alone, and the others are made.
          careful = true;
          attempt--;
          continue;
        }
        if (retryable(e) && attempt < RETRIES) {
          await retryPause(attempt);
          continue;
        }
        // Alone, the write's own error (its transaction rolled back); together, what failed the
        // transaction (each write's own refusal was settled in its savepoint and is not here).
        for (const job of batch) job.reject(e);
        return;
      }
    }
  }
}

/**
 * Runs the `index`th write of a batch in a savepoint: its refusal or error rolls back its own
 * statements and the others go on. A deadlock or serialization failure fails the whole
 * transaction (it is run again), as does a savepoint that cannot be rolled back (the connection
 * is gone). The savepoint of the write before is released in the same round trip as this one's
 * is set (one simple query of two statements), and the last one by the COMMIT.
 */
async function inSavepoint(
  trx: Trx,
  job: Job,
  index: number,
  notifications: Notification[],
): Promise<() => void> {
  await sql.raw(index ? 'release savepoint job; savepoint job' : 'savepoint job').execute(trx);
  const sent = notifications.length;
  try {
    const value = await job.work(trx);
    return () => job.resolve(value);
  } catch (e) {
    notifications.length = sent; // what it published goes with its statements
    if (retryable(e)) throw e;
    try {
      // The savepoint stays set after it, for the next write's release.
      await sql`rollback to savepoint job`.execute(trx);
    } catch {
      throw e;
    }
    return () => job.reject(e);
  }
}
