// Online DNSSEC signing (RFC 4034, RFC 6605): RRSIGs made when an answer is built, and NSEC
// records for denial of existence.
//
// Denial uses minimally covering NSEC records (RFC 4470) rather than NSEC3 white lies: a missing
// name is covered by an NSEC from just before it to just after its subtree, so answers do not
// reveal the zone's other names (no zone walking), and validators check plain NSEC logic with
// no hashing. NXDOMAIN keeps its rcode: one NSEC covers the "next closer" name below the closest
// encloser (from which a validator derives that encloser) and one covers the wildcard there.
import { createHash, sign } from 'node:crypto';
import { labelCount, parentOf, predecessorOf, successorOf } from './names';
import { nameWire, TYPE, typeBitmap } from './rdata';
import type { Denial, Section } from './resolve';
import { NEGATIVE_TTL, type RRset, type SigningKey } from './zone-view';

/** Signatures are valid from an hour ago (clock skew) for two weeks. */
const INCEPTION_SKEW = 3600;
export const SIGNATURE_VALIDITY = 14 * 86400;
/** Cached answers are rebuilt, and so re-signed, well before their signatures expire. */
export const RESIGN_AFTER_MS = 3 * 86400 * 1000;

export function rrsigRdata(
  owner: string,
  rrset: RRset,
  key: SigningKey,
  signerName: string,
  wildcard?: string,
  now = Date.now(),
): Buffer {
  const signedOwner = wildcard ?? owner;
  const inception = Math.floor(now / 1000) - INCEPTION_SKEW;
  const head = Buffer.alloc(18);
  head.writeUInt16BE(rrset.type, 0);
  head.writeUInt8(key.algorithm, 2);
  head.writeUInt8(labelCount(signedOwner) - (wildcard ? 1 : 0), 3); // '*' is not counted
  head.writeUInt32BE(rrset.ttl, 4);
  head.writeUInt32BE((inception + SIGNATURE_VALIDITY) >>> 0, 8);
  head.writeUInt32BE(inception >>> 0, 12);
  head.writeUInt16BE(key.keytag, 16);
  const rdataHead = Buffer.concat([head, nameWire(signerName)]);

  const ownerWire = nameWire(signedOwner);
  const parts: Buffer[] = [rdataHead];
  for (const rdata of [...rrset.rdatas].sort(Buffer.compare)) {
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(rrset.type, 0);
    fixed.writeUInt16BE(1, 2); // class IN
    fixed.writeUInt32BE(rrset.ttl, 4);
    fixed.writeUInt16BE(rdata.length, 8);
    parts.push(ownerWire, fixed, rdata);
  }
  const signature = sign('sha256', Buffer.concat(parts), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return Buffer.concat([rdataHead, signature]);
}

/** The NSEC record (owner and RRset) that proves a denial. */
export function nsecFor(denial: Denial, soaTtl: number): { owner: string; rrset: RRset } {
  const ttl = Math.min(soaTtl, NEGATIVE_TTL); // RFC 9077: no longer than the negative TTL
  const nsecTypes = [TYPE.RRSIG!, TYPE.NSEC!];
  if ('covers' in denial) {
    const next = nameWire(successorOf(denial.covers));
    const owner = predecessorOf(denial.covers);
    if (owner === null) {
      // The range starts at the parent, an existing name: its NSEC must list its real types.
      const parent = parentOf(denial.covers);
      const types = [...denial.zone.typesAt(parent), ...nsecTypes];
      return {
        owner: parent,
        rrset: { type: TYPE.NSEC!, ttl, rdatas: [Buffer.concat([next, typeBitmap(types)])] },
      };
    }
    const rdata = Buffer.concat([next, typeBitmap(nsecTypes)]);
    return { owner, rrset: { type: TYPE.NSEC!, ttl, rdatas: [rdata] } };
  }
  // The name exists: its NSEC lists its types and points to its immediate successor.
  const rdata = Buffer.concat([
    nameWire(`\x00.${denial.owner}`),
    typeBitmap([...denial.types, ...nsecTypes]),
  ]);
  return { owner: denial.owner, rrset: { type: TYPE.NSEC!, ttl, rdatas: [rdata] } };
}

/**
 * Signatures already made, per key, by owner, type, TTL and content, within a re-signing
 * period: the SOA of negative answers and the NSEC covering a zone's wildcard are shared by
 * every NXDOMAIN, so a flood of random names costs one signature per name, not three.
 */
const made = new WeakMap<SigningKey, Map<string, Buffer>>();
const MAX_SIGNATURES = 50_000;

/** The RRSIG section that accompanies a signed section. */
export function signatureFor(section: Section, now = Date.now()): Section | null {
  const key = section.signer?.key;
  if (!key) return null;
  let byKey = made.get(key);
  if (!byKey) made.set(key, (byKey = new Map()));
  const content = createHash('sha256');
  for (const r of section.rrset.rdatas) content.update(r);
  const period = Math.floor(now / RESIGN_AFTER_MS);
  const id = `${section.owner}|${section.wildcard ?? ''}|${section.rrset.type}|${section.rrset.ttl}|${period}|${content.digest('base64')}`;
  let rdata = byKey.get(id);
  if (!rdata) {
    const signer = section.signer!.name;
    rdata = rrsigRdata(section.owner, section.rrset, key, signer, section.wildcard, now);
    if (byKey.size >= MAX_SIGNATURES) byKey.clear();
    byKey.set(id, rdata);
  }
  return {
    owner: section.owner,
    rrset: { type: TYPE.RRSIG!, ttl: section.rrset.ttl, rdatas: [rdata] },
  };
}
