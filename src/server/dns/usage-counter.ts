// Counts answered queries per zone, UTC hour, query type and outcome in memory, and adds them
// to the database every few seconds and at shutdown. The usage route adds what is not flushed
// yet. A cached DNS answer keeps a reference to its counter cell (the outcome is a property of
// the answer), so counting costs a clock check and an increment; the cell also holds its day's
// top-names sketches, which the answer's name is added to (top-names.ts).
import type { Logger } from 'pino';
import type { UsageOutcome } from '../../shared/api/usage';
import type { Metrics } from '../metrics';
import type { Db } from '../store/db';
import { addUsage, pruneUsage, type UsageCount } from '../store/usage';
import { ChangeWatch, type WatchDelta } from './change-watch';
import { pruneTopNames } from '../store/usage-top-names';
import { RrsetUsage, type RrsetDelta } from './rrset-usage';
import { nameHash, type SpaceSaving } from './space-saving';
import { TopNames, type DaySketches, type DayTop } from './top-names';

const HOUR_MS = 3_600_000;

export interface UsageCell {
  readonly zoneId: string;
  /** UTC hour, YYYY-MM-DDTHH. */
  readonly hour: string;
  readonly qtype: string;
  readonly outcome: UsageOutcome;
  /** When the cell's hour ends (ms): a hit from then on goes to the next hour's cell. */
  readonly until: number;
  /** Counted and not yet written to the database. */
  n: number;
  /** The zone's top-names sketches of the cell's day. */
  readonly top: DayTop;
  /** The day's NXDOMAIN sketch when the outcome is NXDOMAIN. */
  readonly nx: SpaceSaving | null;
}

export class UsageCounter {
  private readonly cells = new Map<string, UsageCell>();
  private timer: NodeJS.Timeout | null = null;
  /** When the oldest count not yet in the database was made (ms); 0 when there is none. */
  private unflushedSince = 0;
  /** Several nodes: only the leader prunes (each node flushes its own counts). */
  mayPrune: () => boolean = () => true;
  /** The hour the last prune ran in; the prune runs once an hour. */
  private prunedHour = '';
  readonly topNames: TopNames;
  /** The names of the zones' recent changes, watched for what they now get (ADR 0018). */
  readonly watch: ChangeWatch;
  /** Queries per RRset and their last query (ADR 0017), written every RRSET_FLUSH_EVERY flushes. */
  readonly rrsets: RrsetUsage;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    metrics?: Metrics,
    private readonly now: () => number = Date.now,
    /** Whose top-names rows this process writes: '' on a single node (ADR 0021). */
    node = '',
  ) {
    this.topNames = new TopNames(db, node);
    this.watch = new ChangeWatch(now);
    this.rrsets = new RrsetUsage(db, log, now);
    // Read when scraped: a gauge set per query would cost more than the count itself.
    const lag = metrics?.usageFlushLag as unknown as { collect?: () => void } | undefined;
    if (lag && metrics)
      lag.collect = () =>
        metrics.usageFlushLag.set(
          this.unflushedSince ? (Date.now() - this.unflushedSince) / 1000 : 0,
        );
  }

  /** The cell of the current hour. */
  cell(zoneId: string, qtype: string, outcome: UsageOutcome): UsageCell {
    return this.cellOf(zoneId, new Date(this.now()).toISOString().slice(0, 13), qtype, outcome);
  }

  private cellOf(zoneId: string, hour: string, qtype: string, outcome: UsageOutcome): UsageCell {
    const key = `${zoneId}\0${hour}\0${qtype}\0${outcome}`;
    let c = this.cells.get(key);
    if (!c) {
      const until = Date.parse(`${hour}:00:00Z`) + HOUR_MS;
      const top = this.topNames.day(zoneId, hour.slice(0, 10));
      const nx = outcome === 'nxdomain' ? top.nxdomain : null;
      this.cells.set(key, (c = { zoneId, hour, qtype, outcome, until, n: 0, top, nx }));
    }
    return c;
  }

  /**
   * Counts one query on `cell`, or on the current hour's cell when `cell`'s hour is over, and
   * its name (lower-cased, no trailing dot) in the day's top names.
   */
  hit(cell: UsageCell, name: string, now = this.now(), hash = nameHash(name)): UsageCell {
    const current = now < cell.until ? cell : this.cell(cell.zoneId, cell.qtype, cell.outcome);
    current.n++;
    const top = current.top;
    top.asked.add(name, 1, hash);
    if (current.nx) current.nx.add(name, 1, hash);
    top.dirty = true;
    if (this.unflushedSince === 0) this.unflushedSince = Date.now();
    if (this.watch.zones.size !== 0)
      this.watch.hit(current.zoneId, name, current.qtype, current.outcome);
    return current;
  }

  /** Counts of `zoneId` not yet in the database, of the hours from `fromHour` (YYYY-MM-DDTHH). */
  unflushed(zoneId: string, fromHour = ''): UsageCount[] {
    const out: UsageCount[] = [];
    for (const c of this.cells.values()) {
      if (c.zoneId === zoneId && c.n && c.hour >= fromHour)
        out.push({ zoneId, hour: c.hour, qtype: c.qtype, outcome: c.outcome, count: c.n });
    }
    return out;
  }

  start(intervalMs = 3000): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Writes what was counted; counts made during the write stay for the next flush. */
  async flush(): Promise<void> {
    const startedAt = Date.now();
    const taken = [...this.cells.values()].filter((c) => c.n > 0).map((c) => ({ c, n: c.n }));
    if (taken.length) {
      try {
        await addUsage(
          this.db,
          taken.map(({ c, n }) => ({
            zoneId: c.zoneId,
            hour: c.hour,
            qtype: c.qtype,
            outcome: c.outcome,
            count: n,
          })),
        );
        for (const { c, n } of taken) c.n -= n;
        // Counts made during the write are at most this old; none left: nothing lags.
        let left = false;
        for (const c of this.cells.values()) if (c.n > 0) left = true;
        this.unflushedSince = left ? Math.max(this.unflushedSince, startedAt) : 0;
      } catch (err) {
        this.log.error({ err }, 'usage flush failed; the counts are kept for the next flush');
      }
    }
    try {
      await this.topNames.flush(new Date(this.now()).toISOString().slice(0, 10));
    } catch (err) {
      this.log.error({ err }, 'top names flush failed; they are kept for the next flush');
    }
    await this.rrsets.tick();
    this.dropOldCells();
    this.watch.sweep();
    await this.pruneHourly();
  }

  private dropOldCells(): void {
    const now = this.now();
    for (const [key, c] of this.cells) if (c.until <= now && c.n === 0) this.cells.delete(key);
  }

  private async pruneHourly(): Promise<void> {
    if (!this.mayPrune()) return;
    const hour = new Date(this.now()).toISOString().slice(0, 13);
    if (hour === this.prunedHour) return;
    this.prunedHour = hour;
    try {
      await pruneUsage(this.db, this.now());
      await pruneTopNames(this.db, this.now());
      await this.rrsets.prune();
    } catch (err) {
      this.log.error({ err }, 'usage prune failed; it is tried again next hour');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    await this.rrsets.flush();
  }

  /**
   * Set by the DNS workers (dns-workers.ts): fetches the counts other processes made and have
   * not handed over yet. Readers await `gather()` so that a count made anywhere is read.
   */
  gatherer: (() => Promise<void>) | null = null;

  async gather(): Promise<void> {
    await this.gatherer?.();
  }

  /**
   * Everything counted since the last call, taken out (a DNS worker hands it to the main
   * process, which flushes it): the cells' counts, and the top-names sketches of the days
   * counted, which start empty again.
   */
  drain(): UsageDelta {
    const counts: UsageCount[] = [];
    for (const c of this.cells.values()) {
      if (!c.n) continue;
      counts.push({
        zoneId: c.zoneId,
        hour: c.hour,
        qtype: c.qtype,
        outcome: c.outcome,
        count: c.n,
      });
      c.n = 0;
    }
    const tops = this.topNames.takeDirty(new Date(this.now()).toISOString().slice(0, 10));
    this.unflushedSince = 0;
    this.dropOldCells();
    return { counts, tops, watch: this.watch.drain(), rrsets: this.rrsets.drain() };
  }

  /** Adds what another process counted (its `drain()`), to be flushed with this one's. */
  absorb(delta: UsageDelta): void {
    for (const c of delta.counts)
      this.cellOf(c.zoneId, c.hour, c.qtype, c.outcome as UsageOutcome).n += c.count;
    for (const t of delta.tops) this.topNames.absorb(t);
    this.watch.absorb(delta.watch);
    this.rrsets.absorb(delta.rrsets);
    if (delta.counts.length && this.unflushedSince === 0) this.unflushedSince = Date.now();
  }
}

/** Counts handed from a DNS worker to the main process. */
export interface UsageDelta {
  counts: UsageCount[];
  tops: DaySketches[];
  watch: WatchDelta[];
  rrsets: RrsetDelta[];
}
