// Counts answered queries per zone, UTC day and query type in memory, and adds them to the
// database every few seconds and at shutdown. The usage route adds what is not flushed yet.
// A cached DNS answer keeps a reference to its counter cell, so counting costs an increment.
import type { Logger } from 'pino';
import type { Metrics } from '../metrics';
import type { Db } from '../store/db';
import { addUsage } from '../store/usage';

export interface UsageCell {
  readonly zoneId: string;
  readonly day: string;
  readonly qtype: string;
  /** Counted and not yet written to the database. */
  n: number;
}

export class UsageCounter {
  private readonly cells = new Map<string, UsageCell>();
  private day = '';
  private nextDayAt = 0;
  private timer: NodeJS.Timeout | null = null;
  /** When the oldest count not yet in the database was made (ms); 0 when there is none. */
  private unflushedSince = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    metrics?: Metrics,
  ) {
    // Read when scraped: a gauge set per query would cost more than the count itself.
    const lag = metrics?.usageFlushLag as unknown as { collect?: () => void } | undefined;
    if (lag && metrics)
      lag.collect = () =>
        metrics.usageFlushLag.set(
          this.unflushedSince ? (Date.now() - this.unflushedSince) / 1000 : 0,
        );
  }

  private today(): string {
    const now = Date.now();
    if (now >= this.nextDayAt) {
      this.day = new Date(now).toISOString().slice(0, 10);
      this.nextDayAt = Date.parse(`${this.day}T00:00:00Z`) + 86_400_000;
    }
    return this.day;
  }

  cell(zoneId: string, qtype: string): UsageCell {
    const day = this.today();
    const key = `${zoneId}\0${day}\0${qtype}`;
    let c = this.cells.get(key);
    if (!c) this.cells.set(key, (c = { zoneId, day, qtype, n: 0 }));
    return c;
  }

  /** Counts one query on `cell`, or on today's cell when `cell` is from an earlier day. */
  hit(cell: UsageCell): UsageCell {
    const current = cell.day === this.today() ? cell : this.cell(cell.zoneId, cell.qtype);
    current.n++;
    if (this.unflushedSince === 0) this.unflushedSince = Date.now();
    return current;
  }

  /** Counts of `zoneId` not yet in the database, for days in `month` (YYYY-MM). */
  unflushed(zoneId: string, month: string): Map<string, number> {
    const out = new Map<string, number>();
    for (const c of this.cells.values()) {
      if (c.zoneId === zoneId && c.n && c.day.startsWith(month))
        out.set(c.qtype, (out.get(c.qtype) ?? 0) + c.n);
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
    if (!taken.length) return this.dropOldCells();
    const batch = new Map<string, Map<string, Map<string, number>>>();
    for (const { c, n } of taken) {
      let days = batch.get(c.zoneId);
      if (!days) batch.set(c.zoneId, (days = new Map()));
      let types = days.get(c.day);
      if (!types) days.set(c.day, (types = new Map()));
      types.set(c.qtype, n);
    }
    try {
      await addUsage(this.db, batch);
      for (const { c, n } of taken) c.n -= n;
      // Counts made during the write are at most this old; none left: nothing lags.
      let left = false;
      for (const c of this.cells.values()) if (c.n > 0) left = true;
      this.unflushedSince = left ? Math.max(this.unflushedSince, startedAt) : 0;
    } catch (err) {
      this.log.error({ err }, 'usage flush failed; the counts are kept for the next flush');
    }
    this.dropOldCells();
  }

  private dropOldCells(): void {
    const day = this.today();
    for (const [key, c] of this.cells) if (c.day !== day && c.n === 0) this.cells.delete(key);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
