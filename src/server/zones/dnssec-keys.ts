// DNSSEC key material: ECDSA P-256 keys (algorithm 13), DNSKEY RDATA, key tags and DS digests.
import { createHash, generateKeyPairSync } from 'node:crypto';

export const ALGORITHM_ECDSAP256SHA256 = 13;
export const CSK_FLAGS = 257; // Zone Key + Secure Entry Point: one key signs everything.
export const DIGEST_TYPES = [
  { type: 2, hash: 'sha256' },
  { type: 4, hash: 'sha384' },
] as const;

export interface GeneratedKey {
  publicKey: Buffer; // X || Y, 64 bytes
  privateKeyPkcs8: Buffer;
}

export function generateEcdsaP256Key(): GeneratedKey {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x ?? '', 'base64url');
  const y = Buffer.from(jwk.y ?? '', 'base64url');
  return {
    publicKey: Buffer.concat([x, y]),
    privateKeyPkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }),
  };
}

/** Owner name in canonical wire form (RFC 4034 6.2): lower case, length-prefixed labels. */
export function nameToWire(name: string): Buffer {
  const labels = name.toLowerCase().replace(/\.$/, '').split('.').filter(Boolean);
  const parts: Buffer[] = [];
  for (const label of labels) {
    const bytes = Buffer.from(label, 'ascii');
    parts.push(Buffer.from([bytes.length]), bytes);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

export function dnskeyRdata(flags: number, algorithm: number, publicKey: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(flags, 0);
  head.writeUInt8(3, 2); // protocol, always 3 (RFC 4034 2.1.2)
  head.writeUInt8(algorithm, 3);
  return Buffer.concat([head, publicKey]);
}

/** RFC 4034 Appendix B. */
export function keyTag(rdata: Buffer): number {
  let ac = 0;
  for (let i = 0; i < rdata.length; i++) ac += i & 1 ? rdata[i]! : rdata[i]! << 8;
  ac += (ac >> 16) & 0xffff;
  return ac & 0xffff;
}

/** DS records as registrars take them: `<keytag> <algorithm> <digest type> <HEX>`. */
export function dsRecords(
  zoneName: string,
  flags: number,
  algorithm: number,
  publicKey: Buffer,
): string[] {
  const rdata = dnskeyRdata(flags, algorithm, publicKey);
  const tag = keyTag(rdata);
  const owner = nameToWire(zoneName);
  return DIGEST_TYPES.map(({ type, hash }) => {
    const digest = createHash(hash).update(owner).update(rdata).digest('hex').toUpperCase();
    return `${tag} ${algorithm} ${type} ${digest}`;
  });
}

/** DNSKEY presentation form without the owner: `257 3 13 <base64>`. */
export function dnskeyText(flags: number, algorithm: number, publicKey: Buffer): string {
  return `${flags} 3 ${algorithm} ${publicKey.toString('base64')}`;
}
