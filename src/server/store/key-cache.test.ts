// The API keys a node keeps on PostgreSQL (key-cache.ts): what it may trust, and what it forgets.
// The revocation across nodes is tested with real nodes in multi-node.test.ts.
import { describe, expect, it } from 'vitest';
import type { KeyPrincipal } from './customers';
import { KeyCache, keyRevokedHere, MAX_AGE_MS } from './key-cache';

const principal = (keyId: string): KeyPrincipal => ({
  keyId,
  label: null,
  customerId: 'acme',
  scopes: new Set(['zones:read']),
});

/** A database read that counts its calls and answers `answer`. */
function reader(answer: KeyPrincipal | undefined) {
  const read = { calls: 0, answer };
  const find = () => {
    read.calls++;
    return Promise.resolve(read.answer);
  };
  return { read, find };
}

describe('KeyCache', () => {
  it('reads a key once while usable, and again after MAX_AGE_MS', async () => {
    let now = 1_000;
    const cache = new KeyCache(
      () => true,
      () => now,
    );
    const { read, find } = reader(principal('key_a'));
    expect(await cache.find('h', find)).toEqual(principal('key_a'));
    expect(await cache.find('h', find)).toEqual(principal('key_a'));
    expect(read.calls).toBe(1);
    now += MAX_AGE_MS - 1;
    await cache.find('h', find);
    expect(read.calls).toBe(1);
    now += 1;
    read.answer = undefined; // revoked behind the server's back
    expect(await cache.find('h', find)).toBeUndefined();
    expect(read.calls).toBe(2);
  });

  it('keeps nothing, and trusts nothing kept, while not usable (the feed does not listen)', async () => {
    let usable = true;
    const cache = new KeyCache(() => usable);
    const { read, find } = reader(principal('key_a'));
    await cache.find('h', find);
    usable = false;
    await cache.find('h', find);
    await cache.find('other', find);
    expect(read.calls).toBe(3);
    usable = true;
    expect(cache.size).toBe(1); // 'other' was not kept
  });

  it('never keeps an unknown key', async () => {
    const cache = new KeyCache(() => true);
    const { read, find } = reader(undefined);
    await cache.find('guess', find);
    await cache.find('guess', find);
    expect(read.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('forgets a revoked key, whichever cache of the process kept it', async () => {
    const caches = [new KeyCache(() => true), new KeyCache(() => true)];
    const { read, find } = reader(principal('key_a'));
    for (const cache of caches) await cache.find('h', find);
    await caches[0]!.find('h2', reader(principal('key_b')).find);
    keyRevokedHere('key_a');
    expect(caches.map((c) => c.size)).toEqual([1, 0]);
    for (const cache of caches) await cache.find('h', find);
    expect(read.calls).toBe(4);
  });

  it('does not keep what a lookup read when a revocation or a reset came while it ran', async () => {
    for (const during of ['revoke', 'reset'] as const) {
      const cache = new KeyCache(() => true);
      let release!: () => void;
      const lookup = cache.find(
        'h',
        () =>
          new Promise<KeyPrincipal>((resolve) => {
            release = () => resolve(principal('key_a'));
          }),
      );
      if (during === 'revoke') cache.forget('key_a');
      else cache.clear();
      release();
      await lookup;
      expect(cache.size, during).toBe(0);
    }
  });
});
