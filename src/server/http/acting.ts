// The store as the request's API key: its writes name that key in the change journal.
import type { Context } from 'hono';
import type { Store } from '../store/db';
import type { AppEnv } from './context';

export function actingStore(store: Store, c: Context<AppEnv>): Store {
  const { keyId, label } = c.get('principal');
  const acting = { db: store.db, events: store.events, actor: { keyId, label } };
  return store.feed ? { ...acting, feed: store.feed } : acting;
}
