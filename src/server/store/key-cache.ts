// The API keys a node has looked up, kept in memory on PostgreSQL (issue 16). Every /v1 request
// looked its key up in the database, a round trip of its own before any work: about a sixth of
// a record create's statements. A node now keeps the keys it has found (feed-cache.ts says for
// how long), and forgets one when it is revoked: revokeApiKey notifies every node (pg_notify in
// its transaction, on KEYS_CHANNEL, whichever process revokes: a node or the apikey command),
// and tells this process's caches at once.
// Unknown keys are never kept: each guess is looked up (and counted by the failure limit).
// SQLite has no cache: its lookup is a read in the process, and the apikey command writes to the
// same file from another process, which nothing would tell.
import type { KeyPrincipal } from './customers';
import { FeedCache } from './feed-cache';

export { MAX_AGE_MS } from './feed-cache';
export const KEYS_CHANNEL = 'zonedeck_keys';

/** The caches of this process, told of the revocations made in it at once. */
const caches = new Set<WeakRef<KeyCache>>();

/** Tells every cache of this process that the key is revoked. */
export function keyRevokedHere(keyId: string): void {
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) cache.forget(keyId);
    else caches.delete(ref);
  }
}

/** Keys by the hash of their secret. */
export class KeyCache extends FeedCache<KeyPrincipal> {
  constructor(usable: () => boolean, now?: () => number) {
    super(usable, now);
    caches.add(new WeakRef(this));
  }

  /** A key revoked: every entry of it goes. */
  forget(keyId: string): void {
    this.forgetWhere((principal) => principal.keyId === keyId);
  }
}
