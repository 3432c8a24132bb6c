// DNSSEC algorithm and digest names (IANA registries), and the DS and DNSKEY presentation
// formats split into the fields that registrar forms ask for one by one.
import { err, ok, type Result } from './result';

/**
 * The digest the zone's CDS carries (RFC 7344): SHA-256 only, as BIND and Knot publish by
 * default. A parent that reads CDS takes the whole CDS RRset as the DS set it wants, and SHA-256
 * is the one digest every parent accepts (RFC 8624 6.2); the DS route still offers SHA-384 too.
 */
export const CDS_DIGEST_TYPE = 2;
/** RFC 8078 4 (erratum 5049): the CDS that asks the parent to remove its DS, as text. */
export const DELETE_CDS_TEXT = '0 0 0 00';

/** DNS Security Algorithm Numbers (IANA), the mnemonics of RFC 8624 and the registry. */
const ALGORITHMS: Readonly<Record<number, string>> = {
  1: 'RSAMD5',
  3: 'DSA',
  5: 'RSASHA1',
  6: 'DSA-NSEC3-SHA1',
  7: 'RSASHA1-NSEC3-SHA1',
  8: 'RSASHA256',
  10: 'RSASHA512',
  12: 'ECC-GOST',
  13: 'ECDSAP256SHA256',
  14: 'ECDSAP384SHA384',
  15: 'ED25519',
  16: 'ED448',
  17: 'SM2SM3',
  23: 'ECC-GOST12',
};

/** Delegation Signer digest types (IANA) with their digest length in octets. */
const DIGESTS: Readonly<Record<number, { name: string; bytes: number }>> = {
  1: { name: 'SHA-1', bytes: 20 },
  2: { name: 'SHA-256', bytes: 32 },
  3: { name: 'GOST R 34.11-94', bytes: 32 },
  4: { name: 'SHA-384', bytes: 48 },
  5: { name: 'GOST R 34.11-2012', bytes: 32 },
  6: { name: 'SM3', bytes: 32 },
};

/** 13 → "ECDSAP256SHA256"; null for a number the registry does not name. */
export function algorithmName(n: number): string | null {
  return Object.hasOwn(ALGORITHMS, n) ? ALGORITHMS[n]! : null;
}

/** "ECDSAP256SHA256" (any case) → 13; null when unknown. */
export function algorithmNumber(name: string): number | null {
  const upper = name.trim().toUpperCase();
  for (const [n, mnemonic] of Object.entries(ALGORITHMS)) if (mnemonic === upper) return Number(n);
  return null;
}

/** 2 → "SHA-256"; null for a number the registry does not name. */
export function digestTypeName(n: number): string | null {
  return Object.hasOwn(DIGESTS, n) ? DIGESTS[n]!.name : null;
}

/** "13 (ECDSAP256SHA256)", or the bare number when it has no name. */
export const describeAlgorithm = (n: number) => withName(n, algorithmName(n));
/** "2 (SHA-256)", or the bare number when it has no name. */
export const describeDigestType = (n: number) => withName(n, digestTypeName(n));
const withName = (n: number, name: string | null) => (name ? `${n} (${name})` : String(n));

/** "ECDSAP256SHA256" → "13 (ECDSAP256SHA256)": a mnemonic with its number; unknown ones as given. */
export function describeAlgorithmMnemonic(mnemonic: string): string {
  const n = algorithmNumber(mnemonic);
  return n === null ? mnemonic : describeAlgorithm(n);
}

export interface DsRecord {
  keyTag: number;
  algorithm: number;
  digestType: number;
  /** Upper-case hex, without spaces. */
  digest: string;
}

const uint = (text: string, max: number): number | null =>
  /^\d{1,5}$/.test(text) && Number(text) <= max ? Number(text) : null;

/**
 * Reads the DS RDATA as registrars take it, `<key tag> <algorithm> <digest type> <digest>`
 * (RFC 4034 section 5.3). Also accepted: a whole zone-file line (`example.com. 3600 IN DS …`),
 * and a digest split by spaces or in brackets, as BIND prints long ones.
 */
export function parseDs(text: string): Result<DsRecord> {
  const tokens = text.replace(/[()]/g, ' ').trim().split(/\s+/).filter(Boolean);
  const ds = tokens.findIndex((t) => t.toUpperCase() === 'DS');
  const fields = ds >= 0 ? tokens.slice(ds + 1) : tokens;
  if (fields.length < 4) {
    return err(
      `A DS record has four fields; got ${fields.length}.`,
      '<key tag> <algorithm> <digest type> <hex digest>',
    );
  }
  const [tag, alg, type, ...hex] = fields as [string, string, string, ...string[]];
  const keyTag = uint(tag, 65535);
  if (keyTag === null) return err(`The key tag must be a number 0–65535; got ${tag}.`);
  const algorithm = uint(alg, 255);
  if (algorithm === null) return err(`The algorithm must be a number 0–255; got ${alg}.`);
  const digestType = uint(type, 255);
  if (digestType === null) return err(`The digest type must be a number 0–255; got ${type}.`);
  const digest = hex.join('').toUpperCase();
  if (!/^[0-9A-F]+$/.test(digest) || digest.length % 2 !== 0) {
    return err('The digest must be hexadecimal, two digits per octet.');
  }
  const known = DIGESTS[digestType];
  if (known && digest.length !== known.bytes * 2) {
    return err(
      `A ${known.name} digest has ${known.bytes * 2} hex digits; this one has ${digest.length}.`,
    );
  }
  return ok({ keyTag, algorithm, digestType, digest });
}

/** `<key tag> <algorithm> <digest type> <digest>`: what registrars paste. */
export function formatDs(ds: DsRecord): string {
  return `${ds.keyTag} ${ds.algorithm} ${ds.digestType} ${ds.digest}`;
}

/** `example.com. IN DS <key tag> …`: the line for a zone file (the parent's). */
export function dsZoneFileLine(zone: string, ds: DsRecord): string {
  const owner = zone.endsWith('.') ? zone : `${zone}.`;
  return `${owner} IN DS ${formatDs(ds)}`;
}

export interface Dnskey {
  flags: number;
  protocol: number;
  algorithm: number;
  /** Base64, without spaces. */
  publicKey: string;
}

/** Reads DNSKEY RDATA, `<flags> <protocol> <algorithm> <base64 key>` (RFC 4034 section 2.2). */
export function parseDnskey(text: string): Result<Dnskey> {
  const [flagsText = '', protocolText = '', algText = '', ...key] = text
    .replace(/[()]/g, ' ')
    .trim()
    .split(/\s+/);
  const flags = uint(flagsText, 65535);
  const protocol = uint(protocolText, 255);
  const algorithm = uint(algText, 255);
  const publicKey = key.join('');
  if (flags === null || protocol === null || algorithm === null || !publicKey) {
    return err('A DNSKEY has four fields.', '<flags> <protocol> <algorithm> <base64 public key>');
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(publicKey)) return err('The public key must be base64.');
  return ok({ flags, protocol, algorithm, publicKey });
}
