// Identifiers and secrets: random ids, deterministic record ids, API key hashing.
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Random lowercase letters and digits (rejection sampling keeps the distribution even). */
export function randomId(prefix: string, length = 16): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 252 && out.length < length) out += ALPHABET[b % 36];
    }
  }
  return prefix + out;
}

/** Same zone, name, type and canonical content: same id. New content: new id. */
export function recordId(zoneId: string, fqdn: string, type: string, content: string): string {
  const digest = createHash('sha256')
    .update(`${zoneId}\0${fqdn}\0${type}\0${content}`)
    .digest('hex');
  return `rec_${digest.slice(0, 24)}`;
}

/** 256 random bits; the `zd_` prefix makes leaked keys easy to find with secret scanners. */
export function newApiKey(): string {
  return `zd_${randomBytes(32).toString('base64url')}`;
}

/** Keys are high-entropy random strings, so one SHA-256 is the right hash (no KDF needed). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function nowIso(): string {
  return new Date().toISOString();
}
