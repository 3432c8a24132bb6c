// Counts answered queries per zone, UTC day and query type in memory, and adds them to the
// database every few seconds and at shutdown. The usage route adds what is not flushed yet.
import type { Logger } from 'pino';
import type { Db } from '../store/db';
import { addUsage } from '../store/usage';

type Counts = Map<string, Map<string, Map<string, number>>>; // zone → day → qtype → n

export class UsageCounter {
  private pending: Counts = new Map();
  /** Taken from `pending` by a flush that has not committed yet. */
  private inFlight: Counts | null = null;
  private day = '';
  private nextDayAt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  add(zoneId: string, qtype: string): void {
    const now = Date.now();
    if (now >= this.nextDayAt) {
      this.day = new Date(now).toISOString().slice(0, 10);
      this.nextDayAt = Date.UTC(...dayParts(this.day)) + 86_400_000;
    }
    this.merge(zoneId, this.day, qtype, 1);
  }

  /** Counts of `zoneId` not yet in the database, for days in `month` (YYYY-MM). */
  unflushed(zoneId: string, month: string): Map<string, number> {
    const out = new Map<string, number>();
    for (const counts of [this.pending, this.inFlight]) {
      for (const [day, types] of counts?.get(zoneId) ?? []) {
        if (!day.startsWith(month)) continue;
        for (const [t, n] of types) out.set(t, (out.get(t) ?? 0) + n);
      }
    }
    return out;
  }

  start(intervalMs = 3000): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const batch = (this.inFlight = this.pending);
    this.pending = new Map();
    try {
      await addUsage(this.db, batch);
    } catch (err) {
      this.log.error({ err }, 'usage flush failed; counts kept for the next flush');
      for (const [zone, days] of batch) {
        for (const [day, types] of days) for (const [t, n] of types) this.merge(zone, day, t, n);
      }
    } finally {
      this.inFlight = null;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private merge(zone: string, day: string, t: string, n: number) {
    let days = this.pending.get(zone);
    if (!days) this.pending.set(zone, (days = new Map()));
    let types = days.get(day);
    if (!types) days.set(day, (types = new Map()));
    types.set(t, (types.get(t) ?? 0) + n);
  }
}

function dayParts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}
