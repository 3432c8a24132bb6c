// The zones a node's record creates name, kept in memory on PostgreSQL (issue 16, ADR 0032).
// A create read its zone before any work (existence, ownership, the name its input is read in,
// the TTL a new RRset takes): a round trip of its own, about a third of a create's statements
// once the key was kept. A node now keeps the zones it has found (feed-cache.ts says for how
// long), and forgets one as soon as its feed tells of a change to the zone's row: a `zone`
// event (its TTL, status or DNSSEC state changed, or its serial was stepped for any other
// reason) or a `deleted` one. Record events (`rrsets`) step the serial, which a create does not
// read from its zone; one that carries another TTL or status than the kept row's forgets it too.
// The only field a create takes from a stale row is the default TTL of a new RRset (the id, the
// name and the owner never change): wrong until the node hears the change, as the read it
// replaces was while the write waited for the zone's lock; longer only for a change made by hand
// in SQL (up to MAX_AGE_MS) or a feed gone silent (until its pings go unheard). A delete is
// checked again where it matters: a write's serial step only steps a live zone's serial, and a
// write to a zone deleted meanwhile is refused whole (ZoneGone, a 404).
import type { ZoneEvent } from '../events';
import type { Store } from './db';
import { FeedCache } from './feed-cache';
import { getZone, type ZoneRow } from './zones';

/** Zones by id (a zone's id names one customer's zone). */
export class ZoneCache extends FeedCache<Readonly<ZoneRow>> {
  constructor(
    private readonly store: Store,
    usable: () => boolean,
    now?: () => number,
  ) {
    super(usable, now);
  }

  /** The customer's live zone with this id, as kept or as read now. */
  async zone(customerId: string, id: string): Promise<Readonly<ZoneRow> | undefined> {
    const zone = await this.find(id, async () => {
      const row = await getZone(this.store.db, customerId, id);
      // Shared by every request that finds it here: nobody may change it.
      return row && Object.freeze(row);
    });
    // Kept for its owner: another customer's key finds nothing, as the read would.
    return zone?.customer_id === customerId ? zone : undefined;
  }

  /** What an event says of the zone's row: a record event only steps the serial, unless its
   * zone's TTL or status are not those kept. */
  heard(event: ZoneEvent): void {
    if (event.kind === 'rrsets') {
      const kept = this.kept(event.zoneId);
      if (kept && kept.ttl === event.zone.ttl && kept.status === event.zone.status) return;
    }
    this.forgetKey(event.zoneId); // read again next time
  }
}

/** A cache of `store`'s zones, fed by its change feed; none on SQLite (a read in the process). */
export function zoneCacheOf(store: Store): ZoneCache | undefined {
  const { feed } = store;
  if (!feed) return undefined;
  const cache = new ZoneCache(store, () => feed.listening);
  store.events.subscribe((event) => cache.heard(event));
  // null: the feed's connection was lost or is new, and changes may have gone unheard.
  feed.watchKeys((keyId) => {
    if (keyId === null) cache.clear();
  });
  return cache;
}
