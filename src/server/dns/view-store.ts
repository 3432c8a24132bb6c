// Builds the zone views from the database at start and keeps them in step with the store's writes:
// a record write's event carries the RRsets it touched with their rows, which replace those
// RRsets without a read of the database; a zone change reloads the zone's signing key.
import { createPrivateKey } from 'node:crypto';
import type { Config } from '../config';
import type { RRsetChange, ZoneEvent, ZoneEvents, ZoneState } from '../events';
import { nameserversFor } from '../zones/nameservers';
import type { Db } from '../store/db';
import { streamRows } from '../store/dialect';
import { removalFor } from '../store/dnssec';
import { dnskeyRdata } from '../zones/dnssec-keys';
import { bare, isAtOrBelow, parentOf } from './names';
import {
  buildNode,
  keyRRsets,
  type HostedZones,
  type SigningKey,
  type ValueRow,
  withRRset,
  ZoneView,
} from './zone-view';
import { type OwnershipConflict, ZoneOwnership } from './zone-ownership';

export class ViewStore {
  private readonly byName = new Map<string, ZoneView>();
  private readonly byId = new Map<string, ZoneView>();
  private readonly ownership = new ZoneOwnership(this.byName);
  private loadingAll = false;
  /** Bumped when zones appear or go, which can change which zone a name belongs to. */
  epoch = 0;
  /** What each zone sees of the zones hosted below it (ADR 0030). */
  private readonly hosted: HostedZones = {
    servedAt: (name) => {
      const z = this.byName.get(name);
      return z && !this.ownership.isWithheld(z.id) ? z : undefined;
    },
    // Exact without a scan unless zones are withheld (a database from before the API refused
    // overlapping zones of different customers).
    servedBelow: (name) =>
      this.ownership.anyBelow(name) &&
      (!this.ownership.conflicts.length || this.hosted.servedUnder(name).length > 0),
    servedUnder: (name) => {
      const under: ZoneView[] = [];
      for (const n of this.namesUnder.get(name) ?? []) {
        const z = this.hosted.servedAt(n);
        if (z) under.push(z);
      }
      return under;
    },
  };
  /** For each name, the zones loaded strictly below it (by name: a reload makes a new view). */
  private readonly namesUnder = new Map<string, Set<string>>();

  private indexName(name: string, add: boolean): void {
    for (let n = parentOf(name); n; n = parentOf(n)) {
      const set = this.namesUnder.get(n);
      if (add) {
        if (set) set.add(name);
        else this.namesUnder.set(n, new Set([name]));
      } else if (set?.delete(name) && !set.size) this.namesUnder.delete(n);
    }
  }

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'NAMESERVERS_EU' | 'NAMESERVERS_GLOBAL'>,
  ) {}

  get zoneCount() {
    return this.byId.size;
  }

  /**
   * The zone a name belongs to: the longest hosted zone name it is at or below, skipping a zone
   * withheld for overlapping another customer's (zone-ownership.ts).
   */
  findZone(name: string): ZoneView | undefined {
    for (let n = name; n; n = parentOf(n)) {
      const z = this.byName.get(n);
      if (z && !this.ownership.isWithheld(z.id)) return z;
    }
    return undefined;
  }

  /** Every zone loaded. */
  zones(): IterableIterator<ZoneView> {
    return this.byId.values();
  }

  /** The view of a zone by its id (undefined: not loaded, or deleted). */
  byZoneId(id: string): ZoneView | undefined {
    return this.byId.get(id);
  }

  /** Zones of different customers, one inside the other, among the zones loaded now. */
  get conflicts(): readonly OwnershipConflict[] {
    return this.ownership.conflicts;
  }

  /** True once loadAll has loaded every zone (readiness: /readyz). */
  loaded = false;

  async loadAll(): Promise<void> {
    const zones = await this.db
      .selectFrom('zones')
      .select('id')
      .where('deleted_at', 'is', null)
      .execute();
    this.loadingAll = true;
    try {
      for (const { id } of zones) await this.loadZone(id);
    } finally {
      this.loadingAll = false;
    }
    this.ownership.check();
    this.loaded = true;
  }

  subscribe(events: ZoneEvents): () => void {
    return events.subscribe((e) => this.apply(e));
  }

  async apply(e: ZoneEvent): Promise<void> {
    if (e.kind === 'deleted') return this.drop(e.zoneId);
    const view = this.byId.get(e.zoneId);
    if (!view || (e.kind === 'zone' && e.reload)) return this.loadZone(e.zoneId);
    if (e.kind === 'rrsets') {
      for (const change of e.rrsets) applyRRset(view, change);
    } else {
      // DNSSEC switched on or off, or the TTL the DNSKEY RRset takes changed.
      const key = await this.loadKey(view, e.zone.ttl);
      if (this.byId.get(view.id) !== view) return; // deleted or reloaded meanwhile
      view.key = key;
      this.touchParent(view.name);
    }
    setZoneState(view, e.zone);
    view.version++;
  }

  /** The serial a zone is served with (undefined: not served): what the change feed compares. */
  serialOf(zoneId: string): number | undefined {
    return this.byId.get(zoneId)?.serial;
  }

  zoneIds(): IterableIterator<string> {
    return this.byId.keys();
  }

  /** Loads a zone again from the database (a DNS worker catching up after its start). */
  reload(zoneId: string): Promise<void> {
    return this.loadZone(zoneId);
  }

  private drop(zoneId: string): void {
    const view = this.byId.get(zoneId);
    if (!view) return;
    this.byId.delete(zoneId);
    this.byName.delete(view.name);
    this.indexName(view.name, false);
    if (this.ownership.remove(view)) this.ownership.check();
    view.active = false;
    view.version++;
    this.touchParent(view.name);
    this.epoch++;
  }

  /**
   * The zone hosted above `name` delegates to the zone there and holds its DS (ADR 0030): its
   * answers and its transferred form are made again.
   */
  private touchParent(name: string): void {
    const parent = this.findZone(parentOf(name));
    if (parent) parent.version++;
  }

  private async loadZone(zoneId: string): Promise<void> {
    const row = await this.db
      .selectFrom('zones')
      .selectAll()
      .where('id', '=', zoneId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return this.drop(zoneId);
    const old = this.byId.get(zoneId);
    const view = new ZoneView(
      row.id,
      row.name,
      row.status === 'active',
      row.serial,
      row.ttl,
      nameserversFor(this.config, row.region),
      null,
    );
    view.hosted = this.hosted;
    view.key = await this.loadKey(view, view.ttl);
    // Streamed in name order, one node at a time: a 100,000-record zone loads without
    // holding every row in memory at once.
    const query = this.db
      .selectFrom('records as r')
      .innerJoin('rrsets as s', (j) =>
        j
          .onRef('s.zone_id', '=', 'r.zone_id')
          .onRef('s.name', '=', 'r.name')
          .onRef('s.type', '=', 'r.type'),
      )
      .select(['r.name', 'r.type', 'r.content', 's.ttl'])
      .where('r.zone_id', '=', zoneId)
      .where('r.disabled', '=', 0)
      .orderBy('r.name');
    const rows = streamRows(this.db, query, 500);
    let owner = '';
    let group: ValueRow[] = [];
    for await (const r of rows) {
      if (r.name !== owner && group.length) {
        view.setNode(bare(owner), buildNode(group));
        group = [];
      }
      owner = r.name;
      group.push(r);
    }
    if (group.length) view.setNode(bare(owner), buildNode(group));
    if (old) view.version = old.version + 1;
    this.byId.set(zoneId, view);
    this.byName.set(view.name, view);
    if (!old) {
      this.indexName(view.name, true);
      const owner = { customerId: row.customer_id, createdAt: row.created_at };
      if (this.ownership.add(view, owner) && !this.loadingAll) this.ownership.check();
    }
    if (!this.loadingAll) this.touchParent(view.name);
    this.epoch++;
  }

  private async loadKey(view: ZoneView, ttl: number): Promise<SigningKey | null> {
    // The key with the zone's DS removal request, in one read (ADR 0029).
    const key = await this.db
      .selectFrom('dnssec_keys as k')
      .innerJoin('zones as z', 'z.id', 'k.zone_id')
      .selectAll('k')
      .select('z.dnssec_ds_removal_at')
      .where('k.zone_id', '=', view.id)
      .where('k.active', '=', 1)
      .orderBy('k.created_at')
      .executeTakeFirst();
    if (!key) return null;
    const rdata = dnskeyRdata(key.flags, key.algorithm, Buffer.from(key.public_key, 'base64'));
    return {
      keytag: key.keytag,
      algorithm: key.algorithm,
      privateKey: createPrivateKey({
        key: Buffer.from(key.private_key, 'base64'),
        format: 'der',
        type: 'pkcs8',
      }),
      ...keyRRsets(
        view.name,
        rdata,
        ttl,
        removalFor(key.dnssec_ds_removal_at, key.created_at) !== null,
      ),
    };
  }
}

/** Replaces the RRset an event names with the enabled rows it carries. */
function applyRRset(view: ZoneView, change: RRsetChange): void {
  const owner = bare(change.name);
  if (!isAtOrBelow(owner, view.name)) return;
  const rows = change.rows.filter((r) => !r.disabled);
  view.setNode(owner, withRRset(view.nodes.get(owner), change.type, rows));
}

/**
 * The zone's row after a write. Serials only grow, so a state older than the view's (an event
 * that waited for its signing key while a later write was applied) is left out.
 */
function setZoneState(view: ZoneView, zone: ZoneState): void {
  if (zone.serial < view.serial) return;
  view.serial = zone.serial;
  view.ttl = zone.ttl;
  view.active = zone.status === 'active';
}
