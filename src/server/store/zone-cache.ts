// The zones a node's record creates name, kept in memory on PostgreSQL (issue 16, ADR 0031).
// A create read its zone before any work (existence, ownership, the name its input is read in,
// the TTL a new RRset takes): a round trip of its own, about a third of a create's statements
// once the key was kept. A node now keeps the zones it has found (feed-cache.ts says for how
// long), and forgets one as soon as its feed tells of a change to the zone's row: a `zone`
// event (its TTL, status or DNSSEC state changed, or its serial was stepped for any other
// reason) or a `deleted` one. Record events (`rrsets`) only step the serial, which a create does
// not read from its zone.
// What a kept zone can get wrong is what the read it replaces could, which ran before the write
// waited for the zone's lock: a change committed on another node a moment ago, not heard yet.
// A delete is checked again where it matters: a write's serial step only steps a live zone's
// serial, and a write to a zone deleted meanwhile is refused whole (ZoneGone, a 404).
import type { Store } from './db';
import { FeedCache } from './feed-cache';
import { getZone, type ZoneRow } from './zones';

export class ZoneCache extends FeedCache<Readonly<ZoneRow>> {
  constructor(
    private readonly store: Store,
    usable: () => boolean,
    now?: () => number,
  ) {
    super(usable, now);
  }

  /** The customer's live zone with this id, as kept or as read now. */
  zone(customerId: string, id: string): Promise<Readonly<ZoneRow> | undefined> {
    return this.find(`${customerId}\0${id}`, async () => {
      const row = await getZone(this.store.db, customerId, id);
      // Shared by every request that finds it here: nobody may change it.
      return row && Object.freeze(row);
    });
  }

  /** The zone's row changed (or is gone): read it again next time. */
  forget(zoneId: string): void {
    this.forgetWhere((zone) => zone.id === zoneId);
  }
}

/** A cache of `store`'s zones, fed by its change feed; none on SQLite (a read in the process). */
export function zoneCacheOf(store: Store): ZoneCache | undefined {
  const { feed } = store;
  if (!feed) return undefined;
  const cache = new ZoneCache(store, () => feed.listening);
  store.events.subscribe((event) => {
    if (event.kind !== 'rrsets') cache.forget(event.zoneId);
  });
  // null: the feed's connection was lost or is new, and changes may have gone unheard.
  feed.watchKeys((keyId) => {
    if (keyId === null) cache.clear();
  });
  return cache;
}
