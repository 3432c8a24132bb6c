// The hashes of the DNS hot path's own tables (answer-cache.ts, rrl.ts, space-saving.ts): FNV-1a
// over the octets or characters with a per-process seed, so that nobody can choose names or
// sources that collide on every server, finished with MurmurHash3's mix, so that every bit of
// the result (the low ones that pick a bucket too) depends on every input bit.

export const HASH_SEED = (Math.random() * 0x1_0000_0000) >>> 0;

const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** MurmurHash3's finaliser. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** The seeded hash of a string's characters. */
export function stringHash(s: string): number {
  let h = FNV_OFFSET ^ HASH_SEED;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return mix32(h);
}

/** The seeded hash's start for octets hashed in place (query.ts's `questionHash`). */
export const OCTETS_START = FNV_OFFSET ^ HASH_SEED;
