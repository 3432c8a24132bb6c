// Where each serial of a zone has arrived: per zone and secondary, when each serial was first
// seen served there and the last serial seen at all, plus when each serial was made here. In
// memory and bounded: the knowledge of this run only, which the dashboard says as much.
import { ARRIVALS_KEPT } from '../../../shared/api/secondaries';

/** A serial first seen served by a secondary at `at` (ms since the epoch). */
export interface Arrival {
  serial: number;
  at: number;
}

export interface ArrivalLimits {
  /** Serials remembered per zone and secondary (and serials made, per zone). */
  serials: number;
  /** Zone-and-secondary pairs remembered; the least recently seen go first. */
  tracks: number;
}

export const ARRIVAL_LIMITS: ArrivalLimits = { serials: ARRIVALS_KEPT, tracks: 20_000 };

interface Track {
  /** Newest first. */
  arrivals: Arrival[];
  /** The serial it served at the last successful SOA query, and when that was. */
  last: Arrival | null;
}

export interface TrackView {
  arrivals: readonly Arrival[];
  last: Arrival | null;
}

const EMPTY: TrackView = { arrivals: [], last: null };

/** Appends to a bounded map whose insertion order is its recency (the oldest go first). */
function touch<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  map.delete(key);
  map.set(key, value);
  while (map.size > limit) map.delete(map.keys().next().value as K);
  return value;
}

export class ArrivalBook {
  private readonly tracks = new Map<string, Track>();
  /** zone id → serial → when it was made here (ms). */
  private readonly made = new Map<string, Map<number, number>>();

  constructor(private readonly limits: ArrivalLimits = ARRIVAL_LIMITS) {}

  /** Our zone has `serial` since `at`: a secondary's first sighting of it is an arrival. */
  madeSerial(zoneId: string, serial: number, at: number): void {
    const serials = touch(
      this.made,
      zoneId,
      this.made.get(zoneId) ?? new Map(),
      this.limits.tracks,
    );
    if (serials.has(serial)) return;
    touch(serials, serial, at, this.limits.serials);
  }

  /** When `serial` of the zone was made, if it was made during this run and is remembered. */
  madeAt(zoneId: string, serial: number): number | undefined {
    return this.made.get(zoneId)?.get(serial);
  }

  /** `target` answered `serial` for the zone at `at` (ms). */
  saw(zoneId: string, target: string, serial: number, at: number): void {
    const key = `${zoneId}\0${target}`;
    const track = touch(
      this.tracks,
      key,
      this.tracks.get(key) ?? { arrivals: [], last: null },
      this.limits.tracks,
    );
    const first = track.last === null;
    const same = track.last?.serial === serial;
    track.last = { serial, at };
    if (same || track.arrivals.some((a) => a.serial === serial)) return;
    // Served already when first asked, and made before this run: it arrived at some unknown time,
    // so it is no arrival (the dashboard then says the secondary has it, not since when).
    if (first && this.madeAt(zoneId, serial) === undefined) return;
    track.arrivals.unshift({ serial, at });
    if (track.arrivals.length > this.limits.serials) track.arrivals.length = this.limits.serials;
  }

  of(zoneId: string, target: string): TrackView {
    return this.tracks.get(`${zoneId}\0${target}`) ?? EMPTY;
  }

  /** When `target` was first seen serving `serial` of the zone; null when not remembered. */
  arrivedAt(zoneId: string, target: string, serial: number): number | null {
    return this.of(zoneId, target).arrivals.find((a) => a.serial === serial)?.at ?? null;
  }

  /** A deleted zone: a zone created again under the same id never is, but its memory goes. */
  forget(zoneId: string): void {
    this.made.delete(zoneId);
    const prefix = `${zoneId}\0`;
    for (const key of [...this.tracks.keys()]) if (key.startsWith(prefix)) this.tracks.delete(key);
  }

  /** How many zone-and-secondary pairs are remembered (tests of the bound). */
  get size(): number {
    return this.tracks.size;
  }
}
