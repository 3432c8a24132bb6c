// A write that tells the store's listeners what it changed, once it has committed (ADR 0010).
import type { ZoneEvent, ZoneEvents } from '../events';
import type { Store } from './db';
import { write, type Trx } from './group-commit';

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
export function announcedWrite<T>(
  store: Store,
  work: (trx: Trx) => Promise<Announced<T>>,
): Promise<T> {
  return announced(store, work);
}

/**
 * An announced write to one zone, run with the zone locked (dialect.ts: lockZone): on PostgreSQL
 * batched with this node's concurrent writes to the zone (zone-batches.ts, ADR 0023).
 */
export function zoneWrite<T>(
  store: Store,
  zoneId: string,
  work: (trx: Trx) => Promise<Announced<T>>,
): Promise<T> {
  return announced(store, work, zoneId);
}

/**
 * A `zoneWrite` that writes an RRset or two (a value created, changed or deleted): on
 * PostgreSQL it may share its transaction with the node's small writes to other zones too
 * (ADR 0033).
 */
export function smallZoneWrite<T>(
  store: Store,
  zoneId: string,
  work: (trx: Trx) => Promise<Announced<T>>,
): Promise<T> {
  return announced(store, work, zoneId, true);
}

/** Per set of listeners (a store's, without a change feed): the end of its last announcement. */
const lastAnnounced = new WeakMap<ZoneEvents, Promise<unknown>>();

/**
 * Tells the store's listeners one event after another, in the order of the calls. Writes that
 * commit together (group-commit.ts) are answered in the order they ran, and each calls this as
 * it is answered. The listeners are asynchronous (the DNS view may load a zone's keys): without
 * the queue a later write's event reached them while an earlier one was still being applied,
 * the change watch read a view without the earlier change, and an earlier zone state could be
 * applied last, its older SOA serial served. (On PostgreSQL the change feed applies its stream
 * in order, change-feed.ts.)
 */
function announceInOrder(store: Store, event: ZoneEvent): Promise<void> {
  const before = lastAnnounced.get(store.events) ?? Promise.resolve();
  const told = before.then(() => store.events.emit(event));
  lastAnnounced.set(
    store.events,
    told.catch(() => {}),
  );
  return told;
}

async function announced<T>(
  store: Store,
  work: (trx: Trx) => Promise<Announced<T>>,
  zoneId?: string,
  small = false,
): Promise<T> {
  const feed = store.feed;
  if (!feed) {
    const { result, event } = await write(store.db, work, zoneId, small);
    if (event) await announceInOrder(store, event);
    return result;
  }
  // PostgreSQL: the event goes to every node with the commit, this one included, and this
  // node's listeners hear it in the order the commits were made (change-feed.ts, ADR 0021).
  const token = feed.nextToken();
  let announced: Announced<T>;
  try {
    announced = await write(
      store.db,
      async (trx) => {
        const out = await work(trx);
        if (out.event) await feed.publish(trx, token, out.event);
        return out;
      },
      zoneId,
      small,
    );
  } catch (e) {
    feed.abandon(token);
    throw e;
  }
  if (announced.event) await feed.delivered(token, announced.event);
  // A write run again (a deadlock, a batch with a refusal) may publish nothing the second time.
  else feed.abandon(token);
  return announced.result;
}
