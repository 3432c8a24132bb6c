// Resource records and the messages of a transfer: records in wire form packed into as few
// messages as fit, each a complete DNS message (RFC 5936 2.2), the question in the first only.
import { nameWire } from '../rdata';
import type { RRset } from '../zone-view';

/** One record in wire form (owner uncompressed, class IN). */
export function rrWire(owner: Buffer, type: number, ttl: number, rdata: Buffer): Buffer {
  const b = Buffer.allocUnsafe(owner.length + 10 + rdata.length);
  owner.copy(b, 0);
  let at = owner.length;
  b.writeUInt16BE(type, at);
  b.writeUInt16BE(1, at + 2);
  b.writeUInt32BE(ttl, at + 4);
  b.writeUInt16BE(rdata.length, at + 8);
  rdata.copy(b, at + 10);
  at += 10;
  return b;
}

export function rrsetWire(owner: string, rrset: RRset): Buffer[] {
  const name = nameWire(owner);
  return rrset.rdatas.map((rdata) => rrWire(name, rrset.type, rrset.ttl, rdata));
}

/**
 * A message's worth of records: 16 KB leaves room for a TSIG record and is what BIND sends;
 * a record larger than that (a big TXT RRset cannot be, but one value can be up to 64 KB) gets
 * a message of its own.
 */
export const TRANSFER_MESSAGE_BYTES = 16_384;

export interface TransferQuestion {
  id: number;
  /** Byte 2 of the query: opcode kept, RD copied. */
  flagsHi: number;
  /** The question section as asked. */
  question: Buffer;
}

function messageHeader(q: TransferQuestion, first: boolean, answers: number, rcode = 0): Buffer {
  const h = Buffer.alloc(12);
  h.writeUInt16BE(q.id, 0);
  // QR, and AA on an answer; opcode and RD as asked.
  h[2] = 0x80 | (q.flagsHi & 0x79) | (rcode === 0 ? 0x04 : 0);
  h[3] = rcode & 0x0f;
  h.writeUInt16BE(first ? 1 : 0, 4);
  h.writeUInt16BE(answers, 6);
  return h;
}

/** Packs the records into messages, in order; the first carries the question. */
export function* transferMessages(
  q: TransferQuestion,
  records: Iterable<Buffer>,
): Generator<Buffer> {
  let first = true;
  let batch: Buffer[] = [];
  let size = 12 + q.question.length;
  const flush = () => {
    const head = messageHeader(q, first, batch.length);
    const out = Buffer.concat(first ? [head, q.question, ...batch] : [head, ...batch]);
    first = false;
    batch = [];
    size = 12;
    return out;
  };
  for (const rr of records) {
    if (batch.length && size + rr.length > TRANSFER_MESSAGE_BYTES) yield flush();
    batch.push(rr);
    size += rr.length;
  }
  if (batch.length || first) yield flush();
}

/** A one-message answer with no records and `rcode` (REFUSED, NOTAUTH, FORMERR...). */
export function errorMessage(q: TransferQuestion, rcode: number): Buffer {
  return Buffer.concat([messageHeader(q, true, 0, rcode), q.question]);
}
