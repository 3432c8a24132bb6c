// Group commit per zone on PostgreSQL (ADR 0023). Writes to one zone are serialised by the zone's
// row lock (dialect.ts: lockZone) on every node, so their rate is one lock hold after another,
// and each hold paid for a BEGIN, the lock's wait and hand-over, a COMMIT and its flush. Here a
// node's writes to one zone that arrive while one of them runs wait in-process, off the pool,
// and then run together: one transaction, the zone locked once, their notifications (ADR 0021)
// sent with the COMMIT, each write acknowledged only after it. Writes that arrive while the
// batch waits for the lock (another node's batch holds it) join it once the lock is taken: with
// two nodes writing to one zone, batches stayed small and the lock went back and forth
// (ADR 0032: 22 % more creates a second measured in turn). Small writes (an RRset or two: a
// value created, changed or deleted) share a transaction across zones too (ADR 0033): with
// writes spread over many zones, a transaction per zone meant a COMMIT and its flush per write.
// Their zones are locked in id order, so that two such transactions cannot deadlock, and waited
// for a moment at most: then the free ones are taken, and the writes to a zone held longer (an
// import) wait on their own, so one tenant's long write holds up the others' for no longer.
// What costs here is round trips to PostgreSQL. The writes run one after the other with no
// savepoint between them; when one is refused (a 409, a quota, any error of its own), the
// transaction is rolled back and the batch run again with each write in a savepoint of its own
// (all or nothing, as alone): a round trip more per write, paid only by a batch with a refusal
// in it. A write that finds no other waiting runs alone. The BEGIN goes with the lock, and the notifications with the COMMIT, in
// one simple query each (statements separated by semicolons, their values written in as
// literals: the extended protocol that carries parameters takes one statement at a time).
// SQLite's group-commit.ts is the same idea for its single writer.
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { holdsZones } from './dialect';
import { retryable, retryPause, RETRIES } from './pool-write';
import { storageFault } from './storage-fault';
import type { Database } from './schema';

type Trx = Kysely<Database>;

interface Job {
  zoneId: string;
  /** A small write, which may share a transaction with small writes to other zones. */
  shared: boolean;
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

/**
 * How long a transaction of small writes waits for each of its zones' locks. Then it takes the
 * zones that are free, and the writes to the others go back to the queue, to wait as long as it
 * takes with their zone's other writes (runBatch): a zone held long (another node's import)
 * holds up the node's small writes to other zones for about this.
 */
const SHARED_LOCK_TIMEOUT = '100ms';

/** PostgreSQL's SQLSTATE when `lock_timeout` ran out. */
const lockTimedOut = (e: unknown) =>
  e instanceof Error && 'code' in e && (e as { code: unknown }).code === '55P03';

/**
 * BEGIN and the batch's zones locked, in id order on every node: two transactions that lock
 * several zones cannot deadlock. A batch of small writes waits for them only so long.
 */
function lockSql(batch: Batch): string {
  const { escapeLiteral: lit } = pg;
  const ids = [...batch.zones].sort().map(lit).join(', ');
  const locks = `select id from zones where id in (${ids}) order by id for update`;
  return batch.shared
    ? `begin; set local lock_timeout = ${lit(SHARED_LOCK_TIMEOUT)}; ${locks}; set local lock_timeout to default`
    : `begin; ${locks}`;
}

/** The writes of one transaction: one zone's, or small writes to any zones (`shared`). */
interface Batch {
  jobs: Job[];
  zones: Set<string>;
  shared: boolean;
}

export class ZoneBatches {
  /** The writes not yet in a transaction, in the order they came. */
  private pending: Job[] = [];
  /** The zones in a transaction of this node now: their writes wait for its end. */
  private readonly busy = new Set<string>();
  /**
   * The transaction of small writes running its writes. One at a time (the next starts when it
   * sends its COMMIT): the small writes that come meanwhile make the next one, whatever their
   * zones. Measured with 16 zones on two nodes: two at a time gave 22 % fewer creates a second
   * than one; on one node, starting the next at the COMMIT rather than after it gave 9 % more.
   */
  private sharing: Batch | undefined;

  /** Told the duration of every committed transaction, BEGIN to the end of COMMIT, in seconds. */
  onCommit?: (seconds: number) => void;

  constructor(private readonly db: Kysely<Database>) {}

  /** The writes to the zone waiting for a transaction (behind a running one, or for their turn). */
  waiting(zoneId: string): number {
    return this.pending.filter((j) => j.zoneId === zoneId).length;
  }

  /**
   * Runs `work` with the zone locked, in a transaction with the node's other writes to the zone
   * that come meanwhile; a `small` one (an RRset or two) with its other small writes, to any
   * zones (ADR 0033).
   */
  run<T>(zoneId: string, work: (trx: Trx) => Promise<T>, small = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({
        zoneId,
        shared: small,
        work,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.start();
    });
  }

  /** Starts a transaction for every write that can have one now. */
  private start(): void {
    for (;;) {
      const batch = this.nextBatch();
      if (!batch) return;
      for (const zone of batch.zones) this.busy.add(zone);
      if (batch.shared) this.sharing = batch;
      void this.runBatch(batch).finally(() => {
        for (const zone of batch.zones) this.busy.delete(zone);
        if (this.sharing === batch) this.sharing = undefined;
        this.start();
      });
    }
  }

  /**
   * The first waiting write that can start, and those that go with it, taken from `pending`. A
   * zone's writes run in the order they came: none starts while an earlier one to its zone waits.
   */
  private nextBatch(): Batch | undefined {
    const closed = new Set(this.busy); // zones none of whose writes may be taken
    const lead = this.pending.find((job) => {
      if (closed.has(job.zoneId)) return false;
      if (job.shared && this.sharing) {
        closed.add(job.zoneId);
        return false;
      }
      return true;
    });
    if (!lead) return undefined;
    const batch: Batch = { jobs: [], zones: new Set(), shared: lead.shared };
    this.take(batch, closed, true);
    return batch;
  }

  /**
   * Moves from `pending` to `batch` the writes that go with it: a zone's batch takes the writes
   * to its zone, a shared one the small writes to zones not `closed` (to its own zones only,
   * unless `anyZone`). A write that cannot go closes its zone: the writes after it wait too.
   */
  private take(batch: Batch, closed: Set<string>, anyZone: boolean): void {
    this.pending = this.pending.filter((job) => {
      if (batch.jobs.length >= MAX_BATCH || closed.has(job.zoneId)) return true;
      const fits = batch.shared
        ? job.shared && (anyZone || batch.zones.has(job.zoneId))
        : batch.zones.size === 0 || batch.zones.has(job.zoneId);
      if (!fits) {
        closed.add(job.zoneId);
        return true;
      }
      batch.jobs.push(job);
      batch.zones.add(job.zoneId);
      return false;
    });
  }

  /**
   * BEGIN, and the locks of those of the batch's zones that no other transaction holds; the
   * writes to the others are given back.
   */
  private async lockFree(trx: Trx, batch: Batch): Promise<void> {
    await sql`begin`.execute(trx);
    const { rows } = await sql<{ id: string }>`select id from zones
      where id in (${sql.join([...batch.zones])}) order by id for update skip locked`.execute(trx);
    const free = new Set(rows.map((r) => r.id));
    const held = batch.jobs.filter((j) => !free.has(j.zoneId));
    if (!held.length) return;
    batch.jobs = batch.jobs.filter((j) => free.has(j.zoneId));
    for (const zone of [...batch.zones])
      if (!free.has(zone)) {
        batch.zones.delete(zone);
        this.busy.delete(zone);
      }
    this.giveBack(held);
  }

  /**
   * Writes of a batch of small writes whose zones are held long (another node's import): back
   * to the head of the queue, ahead of the later ones to their zones, as ordinary writes, each
   * to wait for its zone's lock, as long as it takes, with that zone's writes.
   */
  private giveBack(jobs: Job[]): void {
    for (const job of jobs) job.shared = false;
    this.pending.unshift(...jobs);
    this.start();
  }

  /**
   * One transaction for `batch`, run again from the start after a deadlock or serialization
   * failure. A batch of small writes whose locks were not had in time takes those of its zones
   * that are free, and gives back the writes to the others (giveBack).
   */
  private async runBatch(batch: Batch): Promise<void> {
    let skipping = false;
    let careful = false;
    for (let attempt = 1; ; attempt++) {
      const outcomes: Array<() => void> = [];
      let locked = false;
      try {
        const started = performance.now();
        const committed = await this.db.connection().execute(async (trx) => {
          holdsZones(trx, batch.zones);
          const notifications: Notification[] = [];
          deferred.set(trx, notifications);
          try {
            if (skipping) await this.lockFree(trx, batch);
            else await sql.raw(lockSql(batch)).execute(trx);
            locked = true;
            // Writes to its zones that came while the locks were awaited (another node held
            // one) join.
            this.take(batch, new Set(), false);
            const { jobs } = batch;
            if (!jobs.length) {
              // Every zone was held: all its writes were given back.
              await sql`rollback`.execute(trx);
              return false;
            }
            if (jobs.length === 1 || !careful) {
              // Alone, or together as long as every write goes through: no savepoints.
              for (const job of jobs) {
                let value: unknown;
                try {
                  value = await job.work(trx);
                } catch (e) {
                  // The batch's fault, not the write's (the connection, the disk): it fails
                  // or is run again as a whole, as with savepoints.
                  if (jobs.length === 1 || retryable(e) || storageFault(e)) throw e;
                  throw new OneRefused('a write of the batch was refused', { cause: e });
                }
                outcomes.push(() => job.resolve(value));
              }
            } else {
              for (let i = 0; i < jobs.length; i++)
                outcomes.push(await inSavepoint(trx, jobs[i]!, i, notifications));
            }
            if (this.sharing === batch) {
              // The next transaction of small writes runs while this one's COMMIT flushes.
              this.sharing = undefined;
              this.start();
            }
            await sql.raw(commitSql(notifications)).execute(trx);
            return true;
          } catch (e) {
            // Whatever failed, the lock's wait included (a deadlock), the connection goes back
            // to the pool with no transaction open. After a failed COMMIT, which has ended the
            // transaction, PostgreSQL only warns that there is none to roll back.
            await sql`rollback`.execute(trx).catch(() => {});
            throw e;
          }
        });
        if (committed) this.onCommit?.((performance.now() - started) / 1000);
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
        if (batch.shared && !locked && !skipping && lockTimedOut(e)) {
          // A zone is held long: run again with the zones that are free.
          skipping = true;
          attempt--;
          continue;
        }
        if (retryable(e) && attempt < RETRIES) {
          await retryPause(attempt);
          continue;
        }
        // Alone, the write's own error (its transaction rolled back); together, what failed the
        // transaction (each write's own refusal was settled in its savepoint and is not here).
        for (const job of batch.jobs) job.reject(e);
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
