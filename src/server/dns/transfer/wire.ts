// Resource records and the messages of a transfer: records in wire form packed into as few
// messages as fit, each a complete DNS message (RFC 5936 2.2), the question in the first only.

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

/** Records in wire form: one record, or several concatenated with their number. */
export type RecordBlock = Buffer | { wire: Buffer; count: number };

/** The records of a block of concatenated records (owner names uncompressed, as rrWire makes). */
export function splitRecords(wire: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at < wire.length) {
    const start = at;
    while (wire[at] !== 0) at += wire[at]! + 1;
    at += 1 + 8; // the root label; type, class, TTL
    at += 2 + wire.readUInt16BE(at);
    out.push(wire.subarray(start, at));
  }
  return out;
}

/** Packs the records into messages, in order; the first carries the question. */
export function* transferMessages(
  q: TransferQuestion,
  records: Iterable<RecordBlock>,
): Generator<Buffer> {
  let first = true;
  let batch: Buffer[] = [];
  let answers = 0;
  let size = 12 + q.question.length;
  const flush = () => {
    const head = messageHeader(q, first, answers);
    const out = Buffer.concat(first ? [head, q.question, ...batch] : [head, ...batch]);
    first = false;
    batch = [];
    answers = 0;
    size = 12;
    return out;
  };
  const add = function* (wire: Buffer, count: number): Generator<Buffer> {
    if (batch.length && size + wire.length > TRANSFER_MESSAGE_BYTES) yield flush();
    batch.push(wire);
    answers += count;
    size += wire.length;
  };
  for (const rr of records) {
    if (Buffer.isBuffer(rr)) yield* add(rr, 1);
    else if (rr.wire.length <= TRANSFER_MESSAGE_BYTES || rr.count === 1)
      yield* add(rr.wire, rr.count);
    else for (const one of splitRecords(rr.wire)) yield* add(one, 1);
  }
  if (batch.length || first) yield flush();
}

/** A one-message answer with no records and `rcode` (REFUSED, NOTAUTH, FORMERR...). */
export function errorMessage(q: TransferQuestion, rcode: number): Buffer {
  return Buffer.concat([messageHeader(q, true, 0, rcode), q.question]);
}
