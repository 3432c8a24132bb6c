// Turns a resolution into a response message: signatures when asked (DO bit and a signed zone),
// owner names compressed against the question, truncation when it does not fit.
import type { Query } from './query';
import { TYPE } from './rdata';
import { nameWire } from './rdata';
import { RCODE, type Resolution, type Section } from './resolve';
import { nsecFor, signatureFor } from './signer';

/** Our UDP payload size over EDNS (the DNS flag day 2020 value: no IP fragmentation). */
export const EDNS_UDP_SIZE = 1232;

function rrBytes(query: Query, s: Section): Buffer[] {
  const owner = s.owner === query.qname ? Buffer.from([0xc0, 0x0c]) : nameWire(s.owner);
  return s.rrset.rdatas.map((rdata) => {
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(s.rrset.type, 0);
    fixed.writeUInt16BE(1, 2);
    fixed.writeUInt32BE(s.rrset.ttl, 4);
    fixed.writeUInt16BE(rdata.length, 8);
    return Buffer.concat([owner, fixed, rdata]);
  });
}

function withSignatures(sections: Section[], dnssec: boolean): Section[] {
  if (!dnssec) return sections;
  const out: Section[] = [];
  for (const s of sections) {
    out.push(s);
    const sig = signatureFor(s);
    if (sig) out.push(sig);
  }
  return out;
}

export function optRecord(dnssecOk: boolean, extendedRcode = 0): Buffer {
  const b = Buffer.alloc(11);
  b.writeUInt8(0, 0); // root name
  b.writeUInt16BE(TYPE.OPT!, 1);
  b.writeUInt16BE(EDNS_UDP_SIZE, 3);
  b.writeUInt8(extendedRcode, 5);
  b.writeUInt8(0, 6); // version 0
  b.writeUInt16BE(dnssecOk ? 0x8000 : 0, 7);
  b.writeUInt16BE(0, 9);
  return b;
}

export function header(
  query: { id: number; flagsHi: number; flagsLo?: number },
  rcode: number,
  aa: boolean,
  tc: boolean,
  counts: number[],
): Buffer {
  const h = Buffer.alloc(12);
  h.writeUInt16BE(query.id, 0);
  h[2] = 0x80 | (query.flagsHi & 0x79) | (aa ? 0x04 : 0) | (tc ? 0x02 : 0); // QR; opcode and RD copied
  h[3] = ((query.flagsLo ?? 0) & 0x10) | (rcode & 0x0f); // CD copied (RFC 4035 3.1.6)
  counts.forEach((n, i) => h.writeUInt16BE(n, 4 + i * 2));
  return h;
}

export function encodeResponse(
  raw: Buffer,
  query: Query,
  res: Resolution,
  maxSize: number,
): Buffer {
  const dnssec = !!query.edns?.dnssecOk;
  const question = raw.subarray(12, query.questionEnd);
  const answer = withSignatures(res.answer, dnssec).flatMap((s) => rrBytes(query, s));
  const authoritySections = [...res.authority];
  if (dnssec) {
    for (const d of res.denials) {
      if (d.zone.key) authoritySections.push({ ...nsecFor(d, d.zone.soa().ttl), signer: d.zone });
    }
  }
  const authority = withSignatures(authoritySections, dnssec).flatMap((s) => rrBytes(query, s));
  const opt = query.edns ? [optRecord(dnssec)] : [];

  const size = (parts: Buffer[]) => parts.reduce((n, b) => n + b.length, 0);
  let used = 12 + question.length + size(opt) + size(answer) + size(authority);
  const tc = used > maxSize;
  // Additional data is optional (RFC 2181 9): whole RRsets, each with its signature, as many
  // as fit; what does not fit is left out without TC.
  const additional: Buffer[] = [];
  if (!tc) {
    for (const s of res.additional) {
      const rrs = withSignatures([s], dnssec).flatMap((x) => rrBytes(query, x));
      const n = size(rrs);
      if (used + n > maxSize) continue;
      additional.push(...rrs);
      used += n;
    }
  }
  const body = tc ? [] : [...answer, ...authority, ...additional];
  const counts = tc
    ? [1, 0, 0, opt.length]
    : [1, answer.length, authority.length, additional.length + opt.length];
  return Buffer.concat([header(query, res.rcode, res.aa, tc, counts), question, ...body, ...opt]);
}

/**
 * Zone transfers (AXFR, IXFR) are REFUSED until they exist; meta types that make no sense as
 * a question (0, OPT, TKEY, TSIG and the unassigned 128–248) are FORMERR (RFC 6895 3.1).
 * ANY is answered (RFC 8482); MAILA and MAILB are question types too, answered as any other
 * type we hold no records of.
 */
export function metaRefusal(msg: Buffer, q: Query): Buffer {
  const rcode = q.qtype === 251 || q.qtype === 252 ? RCODE.REFUSED : RCODE.FORMERR;
  const opt = q.edns ? [optRecord(q.edns.dnssecOk)] : [];
  const h = header(q, rcode, false, false, [1, 0, 0, opt.length]);
  return Buffer.concat([h, msg.subarray(12, q.questionEnd), ...opt]);
}
