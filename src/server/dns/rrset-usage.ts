// Queries per RRset and UTC day, and the time of each RRset's last query, counted in memory and
// written with the usage flush (ADR 0017). A cached answer keeps a reference to the cell of the
// RRset that answered it (answering-rrset.ts), so a hit is a clock check, an increment and a
// store of the time. Cells exist only for RRsets an answer came from: junk names make none.
import type { Logger } from 'pino';
import type { Db } from '../store/db';
import { addRrsetUsage, pruneRrsetUsage, type RrsetCount } from '../store/usage-rrsets';

const DAY_MS = 86_400_000;
/**
 * Usage flushes (3 s apart) per RRset write: a write costs about 8 µs of the one thread per
 * RRset queried since the last, so every 30 s (ADR 0017). Reads add what is not written yet.
 */
export const RRSET_FLUSH_EVERY = 10;

export interface RrsetCell {
  readonly zoneId: string;
  /** As `rrsets.name` holds it: absolute, with the trailing dot. */
  readonly name: string;
  readonly type: string;
  /** UTC day, YYYY-MM-DD. */
  readonly day: string;
  /** When the cell's day ends (ms): a hit from then on goes to the next day's cell. */
  readonly until: number;
  /** Counted and not yet written. */
  n: number;
  /** The last hit (ms); 0 when none since the cell was made. */
  last: number;
}

/** One RRset's queries not yet in the database. */
export interface UnflushedRrset {
  name: string;
  type: string;
  day: string;
  count: number;
  last: number;
}

/** An RRset's counts handed from a DNS worker to the main process. */
export interface RrsetDelta extends UnflushedRrset {
  zoneId: string;
}

export class RrsetUsage {
  private readonly cells = new Map<string, RrsetCell>();
  private ticks = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cell of an RRset for today. */
  cell(zoneId: string, name: string, type: string): RrsetCell {
    return this.cellOf(zoneId, name, type, new Date(this.now()).toISOString().slice(0, 10));
  }

  private cellOf(zoneId: string, name: string, type: string, day: string): RrsetCell {
    const key = `${zoneId}\0${name}\0${type}\0${day}`;
    let c = this.cells.get(key);
    if (!c) {
      const until = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
      this.cells.set(key, (c = { zoneId, name, type, day, until, n: 0, last: 0 }));
    }
    return c;
  }

  /** Counts one query on `cell`, or on today's cell of its RRset when `cell`'s day is over. */
  hit(cell: RrsetCell, now = this.now()): RrsetCell {
    const current = now < cell.until ? cell : this.cell(cell.zoneId, cell.name, cell.type);
    current.n++;
    current.last = now;
    return current;
  }

  /** The zone's counts not yet written, with their last query. */
  unflushed(zoneId: string): UnflushedRrset[] {
    const out: UnflushedRrset[] = [];
    for (const c of this.cells.values()) {
      if (c.zoneId === zoneId && c.n)
        out.push({ name: c.name, type: c.type, day: c.day, count: c.n, last: c.last });
    }
    return out;
  }

  /** What was counted since the last call, taken out (a DNS worker hands it over). */
  drain(): RrsetDelta[] {
    const out: RrsetDelta[] = [];
    for (const c of this.cells.values()) {
      if (!c.n) continue;
      out.push({
        zoneId: c.zoneId,
        name: c.name,
        type: c.type,
        day: c.day,
        count: c.n,
        last: c.last,
      });
      c.n = 0;
    }
    return out;
  }

  /** Adds what a DNS worker counted (its `drain()`), to be written with this process's counts. */
  absorb(deltas: readonly RrsetDelta[]): void {
    for (const d of deltas) {
      const c = this.cellOf(d.zoneId, d.name, d.type, d.day);
      c.n += d.count;
      c.last = Math.max(c.last, d.last);
    }
  }

  /** Cells held in memory (at most one per RRset answered, per day not yet written). */
  get size(): number {
    return this.cells.size;
  }

  /** Called on every usage flush: writes on every RRSET_FLUSH_EVERY-th. */
  async tick(): Promise<void> {
    if (++this.ticks % RRSET_FLUSH_EVERY === 0) await this.flush();
  }

  /** Writes what was counted; counts made during the write stay for the next flush. */
  flush(): Promise<void> {
    // One at a time: two writes of the same counts taken before either subtracts would add
    // them twice.
    this.flushing = this.flushing.then(() => this.flushOnce());
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    const taken: { c: RrsetCell; n: number }[] = [];
    const rows: RrsetCount[] = [];
    for (const c of this.cells.values()) {
      if (!c.n) continue;
      taken.push({ c, n: c.n });
      rows.push({
        zoneId: c.zoneId,
        name: c.name,
        type: c.type,
        day: c.day,
        count: c.n,
        lastQueriedAt: new Date(c.last).toISOString(),
      });
    }
    if (rows.length) {
      try {
        await addRrsetUsage(this.db, rows);
        for (const { c, n } of taken) c.n -= n;
      } catch (err) {
        this.log.error({ err }, 'RRset usage flush failed; the counts are kept for the next flush');
      }
    }
    // A past day's cell with nothing left to write is dropped; a cached answer still holding it
    // moves to today's cell on its next hit.
    const now = this.now();
    for (const [key, c] of this.cells) if (c.until <= now && c.n === 0) this.cells.delete(key);
  }

  async prune(): Promise<void> {
    await pruneRrsetUsage(this.db, this.now());
  }
}
