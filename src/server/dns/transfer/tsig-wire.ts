// The TSIG record on the wire (RFC 8945 4.2): finding it in a message (the last record of the
// additional section, and nowhere else), reading its RDATA, and writing one. Names are read
// through compression pointers and handed back in canonical form (lower case, uncompressed),
// the form the MAC is computed over (RFC 8945 4.3.3). Nothing here throws on bad input.

export const TYPE_TSIG = 250;
export const CLASS_ANY = 255;

export interface TsigRecord {
  /** Offset of the TSIG record in the message: what the MAC covers ends here. */
  start: number;
  /** The key name, canonical wire form. */
  ownerWire: Buffer;
  /** The algorithm name, canonical wire form. */
  algorithmWire: Buffer;
  timeSigned: number;
  fudge: number;
  mac: Buffer;
  originalId: number;
  error: number;
  other: Buffer;
}

export type TsigLocation =
  { kind: 'none' } | { kind: 'found'; record: TsigRecord } | { kind: 'malformed'; reason: string };

/** A name at `at`: its end in the message and its canonical wire form; null if malformed. */
export function readName(msg: Buffer, at: number): { end: number; wire: Buffer } | null {
  const out: number[] = [];
  let end = -1;
  let pos = at;
  // Each pointer must go strictly backwards, so that a loop of pointers cannot exist.
  let limit = at;
  for (;;) {
    if (pos >= msg.length) return null;
    const len = msg[pos]!;
    if ((len & 0xc0) === 0xc0) {
      if (pos + 1 >= msg.length) return null;
      const target = ((len & 0x3f) << 8) | msg[pos + 1]!;
      if (end < 0) end = pos + 2;
      if (target >= limit) return null;
      limit = target;
      pos = target;
      continue;
    }
    if (len & 0xc0) return null; // extended label types are not in use
    if (len === 0) {
      out.push(0);
      if (out.length > 255) return null;
      return { end: end < 0 ? pos + 1 : end, wire: Buffer.from(out) };
    }
    if (pos + 1 + len > msg.length) return null;
    out.push(len);
    for (let i = 1; i <= len; i++) {
      const c = msg[pos + i]!;
      out.push(c >= 0x41 && c <= 0x5a ? c + 0x20 : c);
    }
    if (out.length > 255) return null;
    pos += len + 1;
  }
}

/** Wire form of a canonical name such as `transfer.example.`. */
export function nameToWire(name: string): Buffer {
  const parts: Buffer[] = [];
  for (const label of name.split('.')) {
    if (!label) continue;
    const b = Buffer.from(label, 'latin1');
    parts.push(Buffer.from([b.length]), b);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

function readRdata(msg: Buffer, at: number, end: number) {
  const alg = readName(msg, at);
  if (!alg || alg.end + 10 > end) return null;
  let p = alg.end;
  const timeSigned = msg.readUIntBE(p, 6);
  const fudge = msg.readUInt16BE(p + 6);
  const macSize = msg.readUInt16BE(p + 8);
  p += 10;
  if (p + macSize + 6 > end) return null;
  const mac = Buffer.from(msg.subarray(p, p + macSize));
  p += macSize;
  const originalId = msg.readUInt16BE(p);
  const error = msg.readUInt16BE(p + 2);
  const otherLen = msg.readUInt16BE(p + 4);
  p += 6;
  if (p + otherLen !== end) return null;
  const other = Buffer.from(msg.subarray(p, end));
  return { algorithmWire: alg.wire, timeSigned, fudge, mac, originalId, error, other };
}

/**
 * Walks the whole message. A TSIG record anywhere but last in the additional section, a TSIG of
 * the wrong class or TTL, a record running past the end or bytes after the last one are all
 * malformed (FORMERR, RFC 8945 5.2 and 4.2).
 */
export function locateTsig(msg: Buffer): TsigLocation {
  if (msg.length < 12) return { kind: 'malformed', reason: 'shorter than a DNS header' };
  const qd = msg.readUInt16BE(4);
  const records = msg.readUInt16BE(6) + msg.readUInt16BE(8);
  const ar = msg.readUInt16BE(10);
  let at = 12;
  for (let i = 0; i < qd; i++) {
    const name = readName(msg, at);
    if (!name || name.end + 4 > msg.length) return { kind: 'malformed', reason: 'bad question' };
    at = name.end + 4;
  }
  let found: TsigLocation = { kind: 'none' };
  const total = records + ar;
  for (let i = 0; i < total; i++) {
    const start = at;
    const owner = readName(msg, at);
    if (!owner || owner.end + 10 > msg.length) {
      return { kind: 'malformed', reason: `record ${i + 1} is cut short` };
    }
    const type = msg.readUInt16BE(owner.end);
    const rdEnd = owner.end + 10 + msg.readUInt16BE(owner.end + 8);
    if (rdEnd > msg.length) return { kind: 'malformed', reason: `record ${i + 1} is cut short` };
    at = rdEnd;
    if (type !== TYPE_TSIG) continue;
    if (i !== total - 1 || i < records) {
      return {
        kind: 'malformed',
        reason: 'a TSIG record that is not last in the additional section',
      };
    }
    if (msg.readUInt16BE(owner.end + 2) !== CLASS_ANY || msg.readUInt32BE(owner.end + 4) !== 0) {
      return { kind: 'malformed', reason: 'a TSIG record whose class is not ANY or TTL not 0' };
    }
    const rdata = readRdata(msg, owner.end + 10, rdEnd);
    if (!rdata) return { kind: 'malformed', reason: 'the TSIG record data is malformed' };
    found = { kind: 'found', record: { start, ownerWire: owner.wire, ...rdata } };
  }
  if (at !== msg.length) return { kind: 'malformed', reason: 'bytes after the last record' };
  return found;
}

export interface TsigFields {
  ownerWire: Buffer;
  algorithmWire: Buffer;
  timeSigned: number;
  fudge: number;
  mac: Buffer;
  originalId: number;
  error: number;
  other: Buffer;
}

/** `msg` with the TSIG record appended and ARCOUNT raised by one. */
export function appendTsig(msg: Buffer, t: TsigFields): Buffer {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(TYPE_TSIG, 0);
  fixed.writeUInt16BE(CLASS_ANY, 2);
  fixed.writeUInt32BE(0, 4);
  const times = Buffer.alloc(10);
  times.writeUIntBE(t.timeSigned, 0, 6);
  times.writeUInt16BE(t.fudge, 6);
  times.writeUInt16BE(t.mac.length, 8);
  const tail = Buffer.alloc(6);
  tail.writeUInt16BE(t.originalId, 0);
  tail.writeUInt16BE(t.error, 2);
  tail.writeUInt16BE(t.other.length, 4);
  const rdata = Buffer.concat([t.algorithmWire, times, t.mac, tail, t.other]);
  fixed.writeUInt16BE(rdata.length, 8);
  const out = Buffer.concat([msg, t.ownerWire, fixed, rdata]);
  const arcount = msg.readUInt16BE(10);
  if (arcount === 0xffff) throw new Error('TSIG: the message already has 65535 additional records');
  out.writeUInt16BE(arcount + 1, 10);
  return out;
}

/** Octets a TSIG record adds to a message (`otherLength` is 6 in a BADTIME answer). */
export function tsigRecordLength(
  ownerWire: Buffer,
  algorithmWire: Buffer,
  macLength: number,
  otherLength = 0,
): number {
  return ownerWire.length + 10 + algorithmWire.length + 10 + macLength + 6 + otherLength;
}
