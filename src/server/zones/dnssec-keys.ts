// DNSSEC key material: ECDSA P-256 keys (algorithm 13), DNSKEY RDATA, key tags and DS digests.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { CDS_DIGEST_TYPE } from '../../shared/dns/dnssec-names';

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

/** RFC 4034 5.1: DS RDATA for a key (also CDS RDATA, RFC 7344 3.1). */
export function dsRdata(zoneName: string, dnskey: Buffer, digestType: number): Buffer {
  const digest = DIGEST_TYPES.find((d) => d.type === digestType);
  if (!digest) throw new Error(`DS digest type ${digestType} is not one of ours`);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(keyTag(dnskey), 0);
  head.writeUInt8(dnskey[3]!, 2);
  head.writeUInt8(digestType, 3);
  const hash = createHash(digest.hash).update(nameToWire(zoneName)).update(dnskey).digest();
  return Buffer.concat([head, hash]);
}

/** DS records as registrars take them: `<keytag> <algorithm> <digest type> <HEX>`. */
export function dsRecords(
  zoneName: string,
  flags: number,
  algorithm: number,
  publicKey: Buffer,
): string[] {
  const rdata = dnskeyRdata(flags, algorithm, publicKey);
  return DIGEST_TYPES.map(({ type }) => dsText(dsRdata(zoneName, rdata, type)));
}

/** A DS (or CDS) RDATA in presentation form, the digest in upper-case hex. */
export function dsText(rdata: Buffer): string {
  const digest = rdata.subarray(4).toString('hex').toUpperCase();
  return `${rdata.readUInt16BE(0)} ${rdata[2]} ${rdata[3]} ${digest}`;
}

/** DNSKEY presentation form without the owner: `257 3 13 <base64>`. */
export function dnskeyText(flags: number, algorithm: number, publicKey: Buffer): string {
  return `${flags} 3 ${algorithm} ${publicKey.toString('base64')}`;
}

/** A DNSKEY (or CDNSKEY) RDATA in presentation form: `257 3 13 <base64>`. */
export function dnskeyTextOf(rdata: Buffer): string {
  return `${rdata.readUInt16BE(0)} ${rdata[2]} ${rdata[3]} ${rdata.subarray(4).toString('base64')}`;
}

/** RFC 8078 4: the CDS `0 0 0 00` and CDNSKEY `0 3 0 AA==` that ask the parent to remove its DS. */
export const DELETE_CDS = Buffer.from([0, 0, 0, 0, 0]);
export const DELETE_CDNSKEY = Buffer.from([0, 0, 3, 0, 0]);

/**
 * The CDS and CDNSKEY RDATA a zone publishes for its key `dnskey` (RFC 7344): the key's SHA-256
 * DS and the key itself; with `removeDs`, the delete signal instead (ADR 0029).
 */
export function cdsRdata(
  zoneName: string,
  dnskey: Buffer,
  removeDs: boolean,
): { cds: Buffer; cdnskey: Buffer } {
  if (removeDs) return { cds: DELETE_CDS, cdnskey: DELETE_CDNSKEY };
  return { cds: dsRdata(zoneName, dnskey, CDS_DIGEST_TYPE), cdnskey: dnskey };
}
