// The API keys a node has looked up, kept in memory on PostgreSQL (issue 16). Every /v1 request
// looked its key up in the database, a round trip of its own before any work: about a sixth of
// a record create's statements. A node now keeps the keys it has found, and forgets one:
// - when a key is revoked: revokeApiKey notifies every node (pg_notify in its transaction, on
//   KEYS_CHANNEL, whichever process revokes: a node or the apikey command), and tells this
//   process's caches at once;
// - whenever the node may have missed such a notification: while its change feed's connection
//   is down the cache is not used, and everything in it is forgotten when it connects again;
// - after MAX_AGE_MS in any case, so that a key changed behind the server's back (SQL typed by
//   hand, a restored backup) is not trusted for longer than that.
// Unknown keys are never kept: each guess is looked up (and counted by the failure limit).
// SQLite has no cache: its lookup is a read in the process, and the apikey command writes to the
// same file from another process, which nothing would tell.
import type { KeyPrincipal } from './customers';

export const KEYS_CHANNEL = 'zonedeck_keys';
/** The longest a key is trusted without being looked up again. */
export const MAX_AGE_MS = 60_000;
/** Keys kept at most; the oldest is forgotten first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  principal: KeyPrincipal;
  at: number;
}

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

export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  /** Moves on with every revocation and reset: a lookup that spans one keeps nothing. */
  private generation = 0;

  /** `usable`: whether every revocation would reach this node now (its feed listens). */
  constructor(
    private readonly usable: () => boolean,
    /** Milliseconds on a clock that never steps back (the wall clock can). */
    private readonly now: () => number = () => performance.now(),
  ) {
    caches.add(new WeakRef(this));
  }

  /**
   * The key with this hash: as kept, or as `find` reads it from the database (and then kept).
   * A revocation or a reset while `find` runs wins: what it read is not kept.
   */
  async find(
    hash: string,
    find: () => Promise<KeyPrincipal | undefined>,
  ): Promise<KeyPrincipal | undefined> {
    const usable = this.usable();
    if (usable) {
      const entry = this.entries.get(hash);
      if (entry && this.now() - entry.at < MAX_AGE_MS) return entry.principal;
      if (entry) this.entries.delete(hash);
    }
    const generation = this.generation;
    const startedAt = this.now();
    const principal = await find();
    if (principal && usable && this.usable() && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(hash, { principal, at: startedAt });
    }
    return principal;
  }

  /** A key revoked: every entry of it goes. */
  forget(keyId: string): void {
    this.generation++;
    for (const [hash, entry] of this.entries)
      if (entry.principal.keyId === keyId) this.entries.delete(hash);
  }

  /** Revocations may have been missed (the feed's connection was lost or is new). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
