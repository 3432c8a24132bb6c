// Reads what the server needs straight from a query datagram, without a generic decode: the
// header, the one question, and the EDNS OPT record. Anything malformed is reported, not thrown.
import { FNV_PRIME, mix32, OCTETS_START } from './hash';
import { asciiLower, LABEL_DOT } from './names';

export interface Query {
  id: number;
  /** Byte 2 of the header: RD is copied into the answer. */
  flagsHi: number;
  /** Byte 3: CD is copied into the answer. */
  flagsLo: number;
  /** Lower-case, no trailing dot, labels as latin1 text; filled in by `readQname` on a cache miss. */
  qname: string;
  /** The question's name in wire form, lower-cased, as latin1 text (no root label). */
  wireName: string;
  qtype: number;
  qclass: number;
  /** Offset just after the question section. */
  questionEnd: number;
  edns: { udpSize: number; dnssecOk: boolean; version: number } | null;
}

export type ParseResult =
  | { ok: true; query: Query }
  | { ok: false; rcode: number; id: number; flagsHi: number; questionEnd: number }
  | { ok: false; rcode: null };

const DROP = { ok: false, rcode: null } as const;

/**
 * What `scanQuery` reads from a datagram: numbers only, into an object the caller keeps and
 * reuses, so that a question answered from the cache makes no object and no string. A `Query`
 * (with the question's strings) is made from it only when an answer is built (`queryOf`).
 */
export class QueryScan {
  id = 0;
  flagsHi = 0;
  flagsLo = 0;
  /** Offset of the name's root label (the question's name is 12 to here). */
  nameEnd = 12;
  /** Offset just after the question section (12 when there is none to copy into an answer). */
  questionEnd = 12;
  qtype = 0;
  qclass = 0;
  /** `questionHash` of the question: the answer cache's hash. */
  hash = 0;
  edns = false;
  udpSize = 0;
  dnssecOk = false;
  ednsVersion = 0;
  /** When the scan fails: the rcode to answer with (FORMERR, NOTIMP), or null to drop it. */
  rcode: number | null = null;
}

/** Skips a possibly compressed name; returns the offset after it, or -1. */
function skipName(buf: Buffer, at: number): number {
  for (let hops = 0; at < buf.length && hops < 128; hops++) {
    const len = buf[at]!;
    if (len === 0) return at + 1;
    if ((len & 0xc0) === 0xc0) return at + 2 <= buf.length ? at + 2 : -1;
    if (len & 0xc0) return -1;
    at += len + 1;
  }
  return -1;
}

function fail(s: QueryScan, rcode: number | null, questionEnd = 12): false {
  s.rcode = rcode;
  s.questionEnd = questionEnd;
  return false;
}

/**
 * Reads the header, the one question and the EDNS OPT record of `buf` into `s`; false when it
 * is not a query to answer as such (`s.rcode`: what to answer, or null to drop it).
 */
export function scanQuery(buf: Buffer, s: QueryScan): boolean {
  s.rcode = null;
  s.questionEnd = 12;
  if (buf.length < 12) return fail(s, null);
  s.id = (buf[0]! << 8) | buf[1]!;
  const flagsHi = (s.flagsHi = buf[2]!);
  s.flagsLo = buf[3]!;
  if (flagsHi & 0x80) return fail(s, null); // a response: never answer one
  if (((flagsHi >> 3) & 0x0f) !== 0) return fail(s, 4); // NOTIMP: only standard queries
  if (buf[4] !== 0 || buf[5] !== 1) return fail(s, 1);

  // Only lengths are checked here; the name as text is made when an answer is built.
  let at = 12;
  for (;;) {
    if (at >= buf.length) return fail(s, 1);
    const len = buf[at]!;
    if (len === 0) break;
    if (len > 63) return fail(s, 1); // compression in the question, or an extended label type
    at += len + 1;
    if (at - 12 > 255) return fail(s, 1);
  }
  s.nameEnd = at;
  at += 1;
  if (at + 4 > buf.length) return fail(s, 1);
  s.qtype = (buf[at]! << 8) | buf[at + 1]!;
  s.qclass = (buf[at + 2]! << 8) | buf[at + 3]!;
  const questionEnd = at + 4;

  s.edns = false;
  s.dnssecOk = false;
  let rest = questionEnd;
  const rrCount = buf.readUInt16BE(6) + buf.readUInt16BE(8) + buf.readUInt16BE(10);
  for (let i = 0; i < rrCount; i++) {
    const end = skipName(buf, rest);
    if (end < 0 || end + 10 > buf.length) return fail(s, 1, questionEnd);
    const type = buf.readUInt16BE(end);
    const rdlength = buf.readUInt16BE(end + 8);
    if (end + 10 + rdlength > buf.length) return fail(s, 1, questionEnd);
    if (type === 41) {
      if (s.edns) return fail(s, 1, questionEnd); // two OPT records (RFC 6891 6.1.1)
      s.edns = true;
      s.udpSize = buf.readUInt16BE(end + 2);
      s.ednsVersion = buf[end + 5]!;
      s.dnssecOk = (buf[end + 6]! & 0x80) !== 0;
    }
    rest = end + 10 + rdlength;
  }
  s.questionEnd = questionEnd;
  s.hash = questionHash(buf, 12, questionEnd);
  return true;
}

/** An octet of a name with its capital folded (DNS compares names ASCII case-blind). */
const folded = (c: number) => (c >= 65 && c <= 90 ? c | 0x20 : c);

/**
 * A hash of the question in wire form at `start`..`end` (name, type and class), the name's
 * capitals folded (0x20 randomisation asks the same question), type and class octets as sent
 * (0x41 in a type is HTTPS, not a letter); seeded (hash.ts).
 */
export function questionHash(buf: Uint8Array, start: number, end: number): number {
  let h = OCTETS_START;
  const nameEnd = end - 4;
  for (let i = start; i < nameEnd; i++) h = Math.imul(h ^ folded(buf[i]!), FNV_PRIME);
  for (let i = nameEnd; i < end; i++) h = Math.imul(h ^ buf[i]!, FNV_PRIME);
  return mix32(h);
}

/**
 * Whether `length` octets of a name at `start` of `buf` are those at `at` of `lower`, in any
 * case.
 */
function sameName(
  lower: Uint8Array,
  at: number,
  buf: Uint8Array,
  start: number,
  length: number,
): boolean {
  for (let i = 0; i < length; i++) if (folded(buf[start + i]!) !== lower[at + i]) return false;
  return true;
}

/**
 * Whether the `length` octets at `at` of `keys` (a question in wire form with its name
 * lower-cased, as `questionKey` makes it) are the question at `start`..`end` of `buf`, in any
 * case.
 */
export function sameQuestion(
  keys: Uint8Array,
  at: number,
  length: number,
  buf: Uint8Array,
  start: number,
  end: number,
): boolean {
  if (end - start !== length || !sameName(keys, at, buf, start, length - 4)) return false;
  for (let i = length - 4; i < length; i++) if (buf[start + i] !== keys[at + i]) return false;
  return true;
}

/** Whether the scanned query's name is `wire` (wire form without the root label), any case. */
export function isQuestionName(wire: Uint8Array, buf: Uint8Array, s: QueryScan): boolean {
  return s.nameEnd - 12 === wire.length && sameName(wire, 0, buf, 12, wire.length);
}

/** The question of a scanned query, its name lower-cased: what the answer cache keeps. */
export function questionKey(buf: Buffer, s: QueryScan): Uint8Array {
  const key = new Uint8Array(s.questionEnd - 12);
  key.set(buf.subarray(12, s.questionEnd));
  for (let i = 0; i < s.nameEnd - 12; i++) key[i] = folded(key[i]!);
  return key;
}

/** The `Query` of a scanned datagram, with the question's strings. */
export function queryOf(buf: Buffer, s: QueryScan): Query {
  return {
    id: s.id,
    flagsHi: s.flagsHi,
    flagsLo: s.flagsLo,
    qname: '',
    wireName: asciiLower(buf.toString('latin1', 12, s.nameEnd)),
    qtype: s.qtype,
    qclass: s.qclass,
    questionEnd: s.questionEnd,
    edns: s.edns ? { udpSize: s.udpSize, dnssecOk: s.dnssecOk, version: s.ednsVersion } : null,
  };
}

export function parseQuery(buf: Buffer): ParseResult {
  const s = new QueryScan();
  if (scanQuery(buf, s)) return { ok: true, query: queryOf(buf, s) };
  if (s.rcode === null) return DROP;
  return { ok: false, rcode: s.rcode, id: s.id, flagsHi: s.flagsHi, questionEnd: s.questionEnd };
}

/**
 * The question's name as text. A dot inside a label (legal, and never in a name of ours) is
 * kept as LABEL_DOT, so the label count stays right and the name gets its NXDOMAIN; the NSEC
 * proofs turn it back into the octet '.', so they cover the very name asked.
 */
export function readQname(buf: Buffer, q: Query): void {
  const labels: string[] = [];
  for (let at = 12; buf[at]; at += buf[at]! + 1) {
    labels.push(buf.toString('latin1', at + 1, at + 1 + buf[at]!).replaceAll('.', LABEL_DOT));
  }
  q.qname = asciiLower(labels.join('.'));
}
