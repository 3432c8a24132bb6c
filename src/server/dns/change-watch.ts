// Watches the names a change touched for 15 minutes after it is applied (ADR 0018): per minute,
// how queries for them were answered, and how many of a name and type answered before the change
// now get NXDOMAIN or NODATA. In memory and bounded: WATCH_NAMES_MAX names per change,
// WATCH_CHANGES_MAX changes per zone, WATCH_ZONES_MAX zones. The DNS hot path reaches it through
// one check in UsageCounter.hit, which costs a Map size test while no zone is watched.
import type { UsageOutcome } from '../../shared/api/usage';
import { WATCH_CHANGES_MAX, WATCH_MINUTES } from '../../shared/api/usage-watch';
import type { ZoneEvent, ZoneEvents } from '../events';
import {
  answersBefore,
  changedTypesByName,
  namesToWatch,
  type Before,
} from './change-watch-before';
import type { ViewStore } from './view-store';

const MINUTE_MS = 60_000;
/** Zones with a change watched at most; the zone whose last change is oldest gives way. */
export const WATCH_ZONES_MAX = 1_024;
/** Names watched at most over all zones; the oldest changes of the zone whose last change is
 * oldest give way. */
export const WATCH_TOTAL_NAMES = 16_384;
/** Per minute: answer, nxdomain, nodata, failed. */
const SLOTS = 4;

export class WatchedName {
  answer = 0;
  nxdomain = 0;
  nodata = 0;
  failedNxdomain = 0;
  failedNodata = 0;
  /** Failed queries by type; only types in `before.answered` (or any, with everyType) fail. */
  readonly failedByType = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly before: Before,
  ) {}
}

export class WatchedChange {
  readonly until: number;
  readonly minutes = new Uint32Array(WATCH_MINUTES * SLOTS);
  failed = 0;
  revertedBy: string | null = null;
  constructor(
    readonly id: string,
    readonly zoneId: string,
    readonly appliedAt: number,
    readonly names: ReadonlyMap<string, WatchedName>,
    readonly namesChanged: number,
  ) {
    this.until = appliedAt + WATCH_MINUTES * MINUTE_MS;
  }

  count(w: WatchedName, qtype: string, outcome: UsageOutcome, now: number): void {
    const slot =
      Math.min(WATCH_MINUTES - 1, Math.floor((now - this.appliedAt) / MINUTE_MS)) * SLOTS;
    if (outcome === 'answer') {
      w.answer++;
      this.minutes[slot]!++;
      return;
    }
    if (outcome !== 'nxdomain' && outcome !== 'nodata') return;
    if (outcome === 'nxdomain') {
      w.nxdomain++;
      this.minutes[slot + 1]!++;
    } else {
      w.nodata++;
      this.minutes[slot + 2]!++;
    }
    if (!w.before.everyType && !w.before.answered.has(qtype)) return; // failed before as well
    if (outcome === 'nxdomain') w.failedNxdomain++;
    else w.failedNodata++;
    w.failedByType.set(qtype, (w.failedByType.get(qtype) ?? 0) + 1);
    this.minutes[slot + 3]!++;
    this.failed++;
  }
}

/** A watched name's counts handed from a DNS worker: answer, nxdomain, nodata, failed both. */
export interface WatchNameDelta {
  name: string;
  counts: number[];
  failedByType: [string, number][];
}

export interface WatchDelta {
  zoneId: string;
  id: string;
  minutes: number[];
  failed: number;
  names: WatchNameDelta[];
}

export class ChangeWatch {
  /** Watched changes by zone, oldest first; a zone is here only while one is watched. */
  readonly zones = new Map<string, WatchedChange[]>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxZones = WATCH_ZONES_MAX,
    private readonly maxNames = WATCH_TOTAL_NAMES,
  ) {}

  /** Counts one answered query (the name lower-cased, without its trailing dot). */
  hit(zoneId: string, name: string, qtype: string, outcome: UsageOutcome): void {
    const list = this.zones.get(zoneId);
    if (!list) return;
    const now = this.now();
    let live = false;
    for (const c of list) {
      if (now >= c.until) continue;
      live = true;
      if (c.revertedBy) continue;
      const w = c.names.get(name);
      if (w) c.count(w, qtype, outcome, now);
    }
    if (!live) this.zones.delete(zoneId);
  }

  /** Lets go of zones whose watches are all over (the usage flush calls it every few seconds),
   * so that a zone nobody asks about after its change costs the hot path nothing either. */
  sweep(): void {
    const now = this.now();
    for (const [zoneId, list] of this.zones)
      if (list.every((c) => now >= c.until)) this.zones.delete(zoneId);
  }

  /** The zone's changes still watched, newest first. */
  watched(zoneId: string): WatchedChange[] {
    const now = this.now();
    const list = (this.zones.get(zoneId) ?? []).filter((c) => now < c.until);
    if (!list.length) this.zones.delete(zoneId);
    return list.reverse();
  }

  /**
   * Follows the store's changes. Subscribe before the DNS view does: the listener reads the
   * view as it was before the change, and the writer awaits listeners in order.
   */
  subscribe(events: ZoneEvents, views: ViewStore): () => void {
    return events.subscribe((e) => this.onEvent(e, views));
  }

  onEvent(e: ZoneEvent, views: ViewStore): void {
    if (e.kind === 'deleted') {
      this.zones.delete(e.zoneId);
      return;
    }
    if (e.kind !== 'rrsets' || !e.changeId) return;
    if (e.reverts) {
      const reverted = this.zones.get(e.zoneId)?.find((c) => c.id === e.reverts);
      if (reverted) reverted.revertedBy = e.changeId;
    }
    const zone = views.byZoneId(e.zoneId);
    // A zone that is new to the view, or disabled, answered nothing before: nothing to compare.
    if (!zone?.active) return;
    const { names, total } = namesToWatch(zone, e.rrsets);
    if (!names.length) return;
    const types = changedTypesByName(e.rrsets);
    const watched = new Map<string, WatchedName>();
    for (const n of names)
      watched.set(n, new WatchedName(n, answersBefore(views, zone, n, types.get(n) ?? [])));
    this.add(new WatchedChange(e.changeId, e.zoneId, this.now(), watched, total));
  }

  /**
   * What was counted since the last call, taken out (a DNS worker hands it to the main process,
   * whose watch has the same changes from the same events): per change, its minutes and its
   * names' counts.
   */
  drain(): WatchDelta[] {
    const out: WatchDelta[] = [];
    for (const list of this.zones.values())
      for (const c of list) {
        const names: WatchNameDelta[] = [];
        for (const w of c.names.values()) {
          if (!(w.answer || w.nxdomain || w.nodata)) continue;
          names.push({
            name: w.name,
            counts: [w.answer, w.nxdomain, w.nodata, w.failedNxdomain, w.failedNodata],
            failedByType: [...w.failedByType],
          });
          w.answer = w.nxdomain = w.nodata = w.failedNxdomain = w.failedNodata = 0;
          w.failedByType.clear();
        }
        if (!names.length) continue;
        out.push({ zoneId: c.zoneId, id: c.id, minutes: [...c.minutes], failed: c.failed, names });
        c.minutes.fill(0);
        c.failed = 0;
      }
    return out;
  }

  /** Adds what a DNS worker counted (its `drain()`) to the same changes here. */
  absorb(deltas: readonly WatchDelta[]): void {
    for (const d of deltas) {
      const c = this.zones.get(d.zoneId)?.find((x) => x.id === d.id);
      if (!c) continue;
      d.minutes.forEach((n, i) => (c.minutes[i]! += n));
      c.failed += d.failed;
      for (const n of d.names) {
        const w = c.names.get(n.name);
        if (!w) continue;
        const [answer, nxdomain, nodata, failedNxdomain, failedNodata] = n.counts;
        w.answer += answer!;
        w.nxdomain += nxdomain!;
        w.nodata += nodata!;
        w.failedNxdomain += failedNxdomain!;
        w.failedNodata += failedNodata!;
        for (const [t, k] of n.failedByType)
          w.failedByType.set(t, (w.failedByType.get(t) ?? 0) + k);
      }
    }
  }

  private add(change: WatchedChange): void {
    const now = this.now();
    const list = (this.zones.get(change.zoneId) ?? []).filter((c) => now < c.until);
    list.push(change);
    if (list.length > WATCH_CHANGES_MAX) list.splice(0, list.length - WATCH_CHANGES_MAX);
    // Re-inserted last: the Map's first zone is the one whose last change is oldest.
    this.zones.delete(change.zoneId);
    this.zones.set(change.zoneId, list);
    while (this.zones.size > this.maxZones) {
      const oldest = this.zones.keys().next().value;
      if (oldest === undefined) break;
      this.zones.delete(oldest);
    }
    let names = 0;
    for (const l of this.zones.values()) for (const c of l) names += c.names.size;
    while (names > this.maxNames) {
      const [zoneId, oldest] = this.zones.entries().next().value!;
      const gone = oldest.shift();
      if (gone) names -= gone.names.size;
      if (!oldest.length) this.zones.delete(zoneId);
    }
  }
}
