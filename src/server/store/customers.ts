// Customers and their API keys. Keys are stored only as hashes.
import type { Scope } from '../../shared/api/fields';
import { sql } from 'kysely';
import type { Db } from './db';
import { dialectOf } from './dialect';
import { KEYS_CHANNEL, keyRevokedHere, type KeyCache } from './key-cache';
import { hashApiKey, newApiKey, nowIso, randomId } from './ids';

export interface KeyPrincipal {
  keyId: string;
  /** The key's label, for the change journal's actor. */
  label: string | null;
  customerId: string;
  scopes: ReadonlySet<string>;
}

export async function ensureCustomer(db: Db, id: string, defaultRegion: string): Promise<boolean> {
  const existing = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (existing) return false;
  await db
    .insertInto('customers')
    .values({ id, default_region: defaultRegion, created_at: nowIso() })
    .execute();
  return true;
}

export async function getCustomer(db: Db, id: string) {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createApiKey(
  db: Db,
  customerId: string,
  scopes: readonly Scope[],
  label: string | null = null,
): Promise<{ id: string; key: string }> {
  const key = newApiKey();
  const id = randomId('key_', 12);
  await db
    .insertInto('api_keys')
    .values({
      id,
      customer_id: customerId,
      key_hash: hashApiKey(key),
      scopes: scopes.join(','),
      label,
      created_at: nowIso(),
      revoked_at: null,
    })
    .execute();
  return { id, key };
}

/** The active key, looked up in the database or, on PostgreSQL, in the node's cache. */
export async function findKey(
  db: Db,
  key: string,
  cache?: KeyCache,
): Promise<KeyPrincipal | undefined> {
  const hash = hashApiKey(key);
  return cache ? cache.find(hash, () => readKey(db, hash)) : readKey(db, hash);
}

async function readKey(db: Db, hash: string): Promise<KeyPrincipal | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'customer_id', 'scopes', 'label'])
    .where('key_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    keyId: row.id,
    label: row.label,
    customerId: row.customer_id,
    scopes: new Set(row.scopes.split(',').filter(Boolean)),
  };
}

export async function listApiKeys(db: Db, customerId?: string) {
  let q = db
    .selectFrom('api_keys')
    .select(['id', 'customer_id', 'scopes', 'label', 'created_at', 'revoked_at'])
    .orderBy('created_at');
  if (customerId) q = q.where('customer_id', '=', customerId);
  return q.execute();
}

/**
 * Revokes the key; false when there is no active key with that id. On PostgreSQL every node
 * hears of it at the commit (KEYS_CHANNEL) and forgets the key it kept; the caches of this
 * process forget it at once.
 */
export async function revokeApiKey(db: Db, keyId: string): Promise<boolean> {
  const revoked = await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('api_keys')
      .set({ revoked_at: nowIso() })
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    // Told even when the key was revoked already (by hand, in SQL): revoking it again is then
    // the operator's way to make every node forget it at once.
    if (dialectOf(trx) === 'postgres')
      await sql`select pg_notify(${KEYS_CHANNEL}, ${keyId})`.execute(trx);
    return Number(r.numUpdatedRows) > 0;
  });
  keyRevokedHere(keyId);
  return revoked;
}

export async function countCustomers(db: Db): Promise<number> {
  const r = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
