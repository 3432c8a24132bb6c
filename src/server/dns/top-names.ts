// The names asked and the names that got NXDOMAIN, per zone and UTC day, in two space-saving
// sketches of TOP_NAME_SLOTS slots each (ADR 0016). A usage cell holds its day's sketches, so
// a counted answer adds its name with a Map lookup and an increment. Flushed with the usage.
import type { Db } from '../store/db';
import {
  readTopNames,
  writeTopNames,
  type StoredTopName,
  type TopNameKind,
  type TopNamesSnapshot,
} from '../store/usage-top-names';
import { SpaceSaving, type SketchEntry } from './space-saving';

/** Slots per zone, day and kind: a name asked more than 1/64 of the day's queries is listed. */
export const TOP_NAME_SLOTS = 64;

export class DayTop {
  readonly asked = new SpaceSaving(TOP_NAME_SLOTS);
  readonly nxdomain = new SpaceSaving(TOP_NAME_SLOTS);
  /** Counted since the last flush took a snapshot. */
  dirty = false;
  /** The day's stored rows (of an earlier run of the server) are merged in. */
  seeded = false;

  constructor(
    readonly zoneId: string,
    readonly day: string,
  ) {}
}

/** A day's sketches as handed from a DNS worker to the main process. */
export interface DaySketches {
  zoneId: string;
  day: string;
  asked: SketchSummary;
  nxdomain: SketchSummary;
}

interface SketchSummary {
  entries: SketchEntry[];
  total: number;
  floor: number;
}

function summary(s: SpaceSaving): SketchSummary {
  const out = { entries: s.entries(), total: s.total, floor: s.floor };
  s.clear();
  return out;
}

/** A day's lists from stored rows and the sketches in memory, merged, bounded, best first. */
export interface DayTopNames {
  asked: SketchEntry[];
  nxdomain: SketchEntry[];
}

/** The floor of stored rows: a full sketch's smallest count, or 0 when it had free slots. */
function storedFloor(rows: readonly StoredTopName[]): number {
  if (rows.length < TOP_NAME_SLOTS) return 0;
  return Math.min(...rows.map((r) => r.count));
}

/** Merges stored rows, each node's sketch on its own (each has its own floor). */
function mergeStored(into: SpaceSaving, stored: readonly StoredTopName[], kind: TopNameKind) {
  const byNode = new Map<string, StoredTopName[]>();
  for (const r of stored) {
    if (r.kind !== kind) continue;
    let rows = byNode.get(r.node);
    if (!rows) byNode.set(r.node, (rows = []));
    rows.push(r);
  }
  for (const rows of byNode.values()) into.merge(rows, 0, storedFloor(rows));
}

export class TopNames {
  private readonly days = new Map<string, DayTop>();
  private flushing: Promise<void> | null = null;

  /**
   * `node`: whose rows this process writes. Several nodes on one database (ADR 0021) each keep
   * their own; '' on a single node.
   */
  constructor(
    private readonly db: Db,
    private readonly node = '',
  ) {}

  /** The sketches of a zone's day, made on first use. */
  day(zoneId: string, day: string): DayTop {
    const key = `${zoneId}\0${day}`;
    let d = this.days.get(key);
    if (!d) this.days.set(key, (d = new DayTop(zoneId, day)));
    return d;
  }

  /**
   * The days counted since the last call, their sketches taken out (emptied: the usage cells
   * keep counting into them). Days before today's are forgotten once handed over.
   */
  takeDirty(today: string): DaySketches[] {
    const out: DaySketches[] = [];
    for (const [key, d] of this.days) {
      if (d.dirty) {
        d.dirty = false;
        out.push({
          zoneId: d.zoneId,
          day: d.day,
          asked: summary(d.asked),
          nxdomain: summary(d.nxdomain),
        });
      }
      if (d.day < today) this.days.delete(key);
    }
    return out;
  }

  /** Merges a day's sketches that another process counted into this one's. */
  absorb(t: DaySketches): void {
    const d = this.day(t.zoneId, t.day);
    d.asked.merge(t.asked.entries, t.asked.total, t.asked.floor);
    d.nxdomain.merge(t.nxdomain.entries, t.nxdomain.total, t.nxdomain.floor);
    d.dirty = true;
  }

  /** Slots in use over every zone and day in memory (at most 2 × TOP_NAME_SLOTS per day). */
  slotsInUse(): number {
    let n = 0;
    for (const d of this.days.values()) n += d.asked.size + d.nxdomain.size;
    return n;
  }

  /**
   * The day's lists: every node's stored rows and this one's memory, its own rows left out once
   * memory has merged them.
   */
  async read(zoneId: string, day: string): Promise<DayTopNames> {
    const mem = this.days.get(`${zoneId}\0${day}`);
    const stored = (await readTopNames(this.db, zoneId, day)).filter(
      (r) => !mem?.seeded || r.node !== this.node,
    );
    const out = {
      asked: new SpaceSaving(TOP_NAME_SLOTS),
      nxdomain: new SpaceSaving(TOP_NAME_SLOTS),
    };
    mergeStored(out.asked, stored, 'asked');
    mergeStored(out.nxdomain, stored, 'nxdomain');
    if (mem) {
      out.asked.merge(mem.asked.entries(), 0, mem.asked.floor);
      out.nxdomain.merge(mem.nxdomain.entries(), 0, mem.nxdomain.floor);
    }
    return { asked: out.asked.entries(), nxdomain: out.nxdomain.entries() };
  }

  /**
   * Writes the days counted since the last flush, each whole; a day first merges its stored
   * rows (a restart began it anew). Days before `today` that are written are dropped.
   */
  flush(today: string): Promise<void> {
    // One at a time: two flushes reading the same stored rows would merge them twice.
    const run = (this.flushing ?? Promise.resolve()).then(() => this.flushOnce(today));
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async flushOnce(today: string): Promise<void> {
    const dirty = [...this.days.values()].filter((d) => d.dirty);
    for (const d of dirty) {
      if (d.seeded) continue;
      const stored = await readTopNames(this.db, d.zoneId, d.day, this.node);
      mergeStored(d.asked, stored, 'asked');
      mergeStored(d.nxdomain, stored, 'nxdomain');
      d.seeded = true;
    }
    const snapshots: TopNamesSnapshot[] = [];
    for (const d of dirty) {
      d.dirty = false;
      const at = { node: this.node, zoneId: d.zoneId, day: d.day };
      snapshots.push({ ...at, kind: 'asked', entries: d.asked.entries() });
      snapshots.push({
        ...at,
        kind: 'nxdomain',
        entries: d.nxdomain.entries(),
      });
    }
    try {
      if (snapshots.length) await writeTopNames(this.db, snapshots);
    } catch (err) {
      for (const d of dirty) d.dirty = true;
      throw err;
    }
    for (const [key, d] of this.days) if (d.day < today && !d.dirty) this.days.delete(key);
  }
}
