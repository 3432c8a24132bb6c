// After a secondary acknowledges a NOTIFY it asks for our SOA and transfers the change; SOA
// queries to it at short intervals catch the moment it serves the new serial, so arrival times
// exist to within a fraction of a second even when nobody has the dashboard open.
import { targetName, type NotifyTarget } from './acl';
import type { Probe } from './soa-probe';
import { serialNewer } from '../../../shared/dns/serial';

/**
 * When to ask, in ms after the acknowledgement: dense while a transfer usually completes (tens
 * to hundreds of ms), then sparser for a slow one; a secondary that takes longer is seen by its
 * next NOTIFY or the next look at the dashboard.
 */
export const AFTER_ACK_MS = [100, 200, 350, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000];

export type AskSerial = (target: NotifyTarget, zone: string) => Promise<Probe>;
export type SawSerial = (zone: string, target: NotifyTarget, serial: number, at: number) => void;

interface Watch {
  cancelled: boolean;
  timer?: NodeJS.Timeout;
}

export class ArrivalWatch {
  /** One watch per zone and target: a newer acknowledgement replaces the one running. */
  private readonly running = new Map<string, Watch>();
  private stopped = false;

  constructor(
    private readonly ask: AskSerial,
    private readonly saw: SawSerial,
    private readonly schedule: readonly number[] = AFTER_ACK_MS,
  ) {}

  /** `target` acknowledged the NOTIFY of `serial`: ask until it serves that serial or newer. */
  acknowledged(zone: string, target: NotifyTarget, serial: number): void {
    if (this.stopped) return;
    const key = `${zone}\0${targetName(target)}`;
    this.cancel(key);
    const watch: Watch = { cancelled: false };
    this.running.set(key, watch);
    void this.follow(zone, target, serial, watch).finally(() => {
      if (this.running.get(key) === watch) this.running.delete(key);
    });
  }

  private async follow(
    zone: string,
    target: NotifyTarget,
    serial: number,
    watch: Watch,
  ): Promise<void> {
    const start = Date.now();
    for (const offset of this.schedule) {
      await new Promise<void>((resolve) => {
        watch.timer = setTimeout(resolve, Math.max(0, start + offset - Date.now()));
        watch.timer.unref();
      });
      if (watch.cancelled) return;
      const probe = await this.ask(target, zone);
      if (watch.cancelled) return;
      if (probe.kind !== 'serial') continue;
      this.saw(zone, target, probe.serial, Date.now());
      if (!serialNewer(serial, probe.serial)) return;
    }
  }

  private cancel(key: string): void {
    const old = this.running.get(key);
    if (!old) return;
    old.cancelled = true;
    clearTimeout(old.timer);
    this.running.delete(key);
  }

  /** Watches still asking (tests). */
  get active(): number {
    return this.running.size;
  }

  stop(): void {
    this.stopped = true;
    for (const key of [...this.running.keys()]) this.cancel(key);
  }
}
