// A write that tells the store's listeners what it changed, once it has committed (ADR 0010).
import type { RRsetChange, ZoneEvent, ZoneState } from '../events';
import type { Store } from './db';
import { write, type Trx } from './group-commit';
import { getRRset } from './records';

/** What a write's work gives back: its result, and the change to announce (null: none). */
export interface Announced<T> {
  result: T;
  event: ZoneEvent | null;
}

/**
 * Runs `work` as one atomic write and, after the commit, awaits the listeners (the DNS view
 * applies the change before the caller answers). Writes that commit together announce in the
 * order they ran, so a later event always describes the later state.
 */
export async function announcedWrite<T>(
  store: Store,
  work: (trx: Trx) => Promise<Announced<T>>,
): Promise<T> {
  const { result, event } = await write(store.db, work);
  if (event) await store.events.emit(event);
  return result;
}

/** The `rrsets` event of a record write: each touched RRset once, with the rows it now holds. */
export async function rrsetsChanged(
  trx: Trx,
  zoneId: string,
  zone: ZoneState,
  touched: readonly { name: string; type: string }[],
): Promise<ZoneEvent> {
  const keys = new Map(touched.map((t) => [`${t.name}\0${t.type}`, t]));
  const rrsets: RRsetChange[] = [];
  for (const { name, type } of keys.values()) {
    const rows = await getRRset(trx, zoneId, name, type);
    rrsets.push({
      name,
      type,
      rows: rows.map((r) => ({ content: r.content, ttl: r.ttl, disabled: Boolean(r.disabled) })),
    });
  }
  return { kind: 'rrsets', zoneId, zone, rrsets };
}
