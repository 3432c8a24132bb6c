// A write that tells the store's listeners what it changed, once it has committed (ADR 0010).
import type { ZoneEvent } from '../events';
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
export async function announcedWrite<T>(
  store: Store,
  work: (trx: Trx) => Promise<Announced<T>>,
): Promise<T> {
  const { result, event } = await write(store.db, work);
  if (event) await store.events.emit(event);
  return result;
}
