// A new serial for each zone whose ALIAS records go out (flattened to A/AAAA) differently
// because another zone changed: a secondary re-transfers a zone only when its serial moves.
// Only the zones an event can affect are looked at, found through an index of what each
// aliasing zone's answers depended on, so a write costs nothing for the zones it cannot touch.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { ZoneEvent, ZoneEvents } from '../../events';
import type { Store } from '../../store/db';
import { newSerial } from '../../store/zones';
import { bare, parentOf } from '../names';
import type { ViewStore } from '../view-store';
import type { ZoneView } from '../zone-view';
import { flattenedAlias } from './zone-form';

/** What is known of one zone with ALIAS records. */
interface Aliasing {
  /** The names holding an ALIAS. */
  names: Set<string>;
  /** A hash of the records the ALIASes go out as (what an AXFR sends for them). */
  fingerprint: string;
  /** The zones those records were read from (the zone itself included). */
  deps: Set<string>;
  /** The ALIAS targets and their parent names: a zone created at one of them may take them. */
  reach: Set<string>;
}

/** Adds or removes `member` under `key` of a many-to-many index. */
function link(index: Map<string, Set<string>>, key: string, member: string, on: boolean): void {
  const set = index.get(key);
  if (on) {
    if (set) set.add(member);
    else index.set(key, new Set([member]));
  } else if (set?.delete(member) && !set.size) index.delete(key);
}

export class AliasSerials {
  private readonly aliasing = new Map<string, Aliasing>();
  /** Zone id → the aliasing zones whose answers read from it. */
  private readonly dependents = new Map<string, Set<string>>();
  /** Name → the aliasing zones with an ALIAS target at or below it. */
  private readonly reached = new Map<string, Set<string>>();
  /** The views whose ALIAS names were read (a zone new to the view store is a new object). */
  private readonly seen = new WeakSet<ZoneView>();
  /** Fingerprints computed: how much work the events caused (tests read it). */
  computed = 0;

  constructor(
    private readonly views: ViewStore,
    /** Called once for each zone whose flattened ALIAS records changed with another zone. */
    private readonly bump: (zoneId: string) => void,
  ) {
    for (const view of views.zones()) this.scan(view);
  }

  /** Takes in one store event, after the view store applied it. */
  onEvent(e: ZoneEvent): void {
    const affected = new Set(this.dependents.get(e.zoneId));
    if (e.kind === 'deleted') {
      this.forget(e.zoneId);
    } else {
      const view = this.views.byZoneId(e.zoneId);
      if (view && !this.seen.has(view)) {
        // A new zone may take names from the zone that held them until now, or from nowhere.
        const parent = this.views.findZone(parentOf(view.name));
        for (const id of this.dependents.get(parent?.id ?? '') ?? []) affected.add(id);
        for (const id of this.reached.get(view.name) ?? []) affected.add(id);
        this.scan(view);
      } else if (view && e.kind === 'rrsets' && e.rrsets.some((c) => c.type === 'ALIAS')) {
        this.rescanNames(
          view,
          e.rrsets.filter((c) => c.type === 'ALIAS').map((c) => c.name),
        );
      }
      // The zone's own change has its own new serial: its fingerprint is only brought up to date.
      if (this.aliasing.has(e.zoneId)) this.refresh(e.zoneId);
    }
    affected.delete(e.zoneId);
    for (const id of affected) if (this.refresh(id)) this.bump(id);
  }

  /** Reads a zone's ALIAS names and takes its fingerprint, with no new serial. */
  private scan(view: ZoneView): void {
    this.seen.add(view);
    this.forget(view.id);
    const names = new Set<string>();
    for (const [name, node] of view.nodes) if (node.alias) names.add(name);
    if (!names.size) return;
    this.aliasing.set(view.id, { names, fingerprint: '', deps: new Set(), reach: new Set() });
    this.refresh(view.id);
  }

  private rescanNames(view: ZoneView, changed: string[]): void {
    const names = this.aliasing.get(view.id)?.names ?? new Set<string>();
    for (const fqdn of changed) {
      const name = bare(fqdn);
      if (view.nodes.get(name)?.alias) names.add(name);
      else names.delete(name);
    }
    if (!names.size) return this.forget(view.id);
    if (!this.aliasing.has(view.id)) {
      this.aliasing.set(view.id, { names, fingerprint: '', deps: new Set(), reach: new Set() });
    }
  }

  /** Recomputes a zone's fingerprint and re-indexes it; true when the fingerprint changed. */
  private refresh(zoneId: string): boolean {
    const a = this.aliasing.get(zoneId);
    const view = this.views.byZoneId(zoneId);
    if (!a || !view) return false;
    this.computed++;
    const hash = createHash('sha256');
    const deps = new Set<string>([zoneId]);
    const reach = new Set<string>();
    for (const name of [...a.names].sort()) {
      hash.update(`${name}\0`);
      const used = (r: { deps: ZoneView[] }) => {
        for (const z of r.deps) deps.add(z.id);
      };
      for (const set of flattenedAlias(this.views, name, used)) {
        hash.update(`${set.type}/${set.ttl}\0`);
        for (const rdata of set.rdatas) hash.update(rdata);
      }
      const target = view.nodes.get(name)?.alias?.target;
      for (let n = target ?? ''; n; n = parentOf(n)) reach.add(n);
    }
    this.index(zoneId, a, deps, reach);
    const fingerprint = hash.digest('base64');
    const changed = a.fingerprint !== '' && fingerprint !== a.fingerprint;
    a.fingerprint = fingerprint;
    return changed;
  }

  private index(zoneId: string, a: Aliasing, deps: Set<string>, reach: Set<string>): void {
    for (const d of a.deps) if (!deps.has(d)) link(this.dependents, d, zoneId, false);
    for (const d of deps) link(this.dependents, d, zoneId, true);
    for (const n of a.reach) if (!reach.has(n)) link(this.reached, n, zoneId, false);
    for (const n of reach) link(this.reached, n, zoneId, true);
    a.deps = deps;
    a.reach = reach;
  }

  private forget(zoneId: string): void {
    const a = this.aliasing.get(zoneId);
    if (!a) return;
    this.index(zoneId, a, new Set(), new Set());
    this.aliasing.delete(zoneId);
  }

  /** How many zones with ALIAS records are watched. */
  get size(): number {
    return this.aliasing.size;
  }
}

/**
 * Watches the store's events with `watcher` (subscribed after the view store: it reads the
 * views), which calls its `bump` for each zone whose transferred form another zone's change
 * moved (ALIAS targets; hosted child zones' cuts, child-cut-serials.ts): that zone gets a new
 * serial, which NOTIFY announces. Returns the unsubscribe.
 */
export function watchSerials(
  watcher: (bump: (zoneId: string) => void) => { onEvent(e: ZoneEvent): void },
  why: string,
  store: Store,
  events: ZoneEvents,
  log: Logger,
  /** Several nodes: every node keeps watching, the leader alone makes the serial. */
  mayBump: () => boolean = () => true,
): () => void {
  const w = watcher(serialBumper(store, log, why, mayBump));
  return events.subscribe((e) => w.onEvent(e));
}

/**
 * Gives a zone a new serial because another zone changed (`why`), on the node that may (the
 * leader). Not awaited: the write that caused it is answered without waiting for this one.
 */
function serialBumper(
  store: Store,
  log: Logger,
  why: string,
  mayBump: () => boolean,
): (zoneId: string) => void {
  return (zoneId) => {
    if (!mayBump()) return;
    newSerial(store, zoneId).then(
      (state) => log.info({ zoneId, serial: state?.serial }, `new serial: ${why}`),
      (err: unknown) => log.error({ err, zoneId }, `new serial failed (${why})`),
    );
  };
}
