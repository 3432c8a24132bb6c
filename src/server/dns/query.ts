// Reads what the server needs straight from a query datagram, without a generic decode: the
// header, the one question, and the EDNS OPT record. Anything malformed is reported, not thrown.
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
  /**
   * The whole question in wire form (name, type and class), the name lower-cased, as latin1
   * text: the answer cache's key within the answers of one size and EDNS variant.
   */
  question: string;
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

function refusal(rcode: number, id: number, flagsHi: number, questionEnd: number): ParseResult {
  return { ok: false, rcode, id, flagsHi, questionEnd };
}

export function parseQuery(buf: Buffer): ParseResult {
  if (buf.length < 12) return DROP;
  const id = buf.readUInt16BE(0);
  const flagsHi = buf[2]!;
  if (flagsHi & 0x80) return DROP; // a response: never answer one
  if (((flagsHi >> 3) & 0x0f) !== 0) return refusal(4, id, flagsHi, 12); // NOTIMP: only standard queries
  if (buf.readUInt16BE(4) !== 1) return refusal(1, id, flagsHi, 12);

  // Only lengths are checked here; the name as text is made on a cache miss (readQname).
  let at = 12;
  for (;;) {
    if (at >= buf.length) return refusal(1, id, flagsHi, 12);
    const len = buf[at]!;
    if (len === 0) break;
    if (len > 63) return refusal(1, id, flagsHi, 12); // compression in the question, or an extended label type
    at += len + 1;
    if (at - 12 > 255) return refusal(1, id, flagsHi, 12);
  }
  const nameEnd = at;
  // Lower-case letters are the rule: the name is lowered as text only when it has capitals
  // (0x20 randomisation, RFC draft-vixie-dnsext-dns0x20), not run through a replace per query.
  let capitals = false;
  for (let i = 13; i < nameEnd; i++) {
    const c = buf[i]!;
    if (c >= 65 && c <= 90) {
      capitals = true;
      break;
    }
  }
  at += 1;
  if (at + 4 > buf.length) return refusal(1, id, flagsHi, 12);
  const qtype = buf.readUInt16BE(at);
  const qclass = buf.readUInt16BE(at + 2);
  const questionEnd = at + 4;

  let edns: Query['edns'] = null;
  let rest = questionEnd;
  const rrCount = buf.readUInt16BE(6) + buf.readUInt16BE(8) + buf.readUInt16BE(10);
  for (let i = 0; i < rrCount; i++) {
    const end = skipName(buf, rest);
    if (end < 0 || end + 10 > buf.length) return refusal(1, id, flagsHi, questionEnd);
    const type = buf.readUInt16BE(end);
    const rdlength = buf.readUInt16BE(end + 8);
    if (end + 10 + rdlength > buf.length) return refusal(1, id, flagsHi, questionEnd);
    if (type === 41) {
      if (edns) return refusal(1, id, flagsHi, questionEnd); // two OPT records (RFC 6891 6.1.1)
      edns = {
        udpSize: buf.readUInt16BE(end + 2),
        version: buf[end + 5]!,
        dnssecOk: (buf.readUInt16BE(end + 6) & 0x8000) !== 0,
      };
    }
    rest = end + 10 + rdlength;
  }
  // One string for the question; the name is a slice of it (no copy). Type and class octets are
  // never lowered: 0x41 is a type (HTTPS), not a letter.
  const question = capitals
    ? asciiLower(buf.toString('latin1', 12, nameEnd)) + buf.toString('latin1', nameEnd, questionEnd)
    : buf.toString('latin1', 12, questionEnd);
  return {
    ok: true,
    query: {
      id,
      flagsHi,
      flagsLo: buf[3]!,
      qname: '',
      wireName: question.slice(0, nameEnd - 12),
      question,
      qtype,
      qclass,
      questionEnd,
      edns,
    },
  };
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
