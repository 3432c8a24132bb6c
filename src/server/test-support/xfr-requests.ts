// Zone transfer requests as a fuzzer sends them: AXFR/IXFR queries built byte by byte, the
// damage done to them (cuts, lying counts and lengths, compression loops, junk), and TSIGs that
// are valid, wrong, cut short or out of time.
import { signRequest, type TsigKey } from '../dns/transfer/tsig';
import {
  algorithmWire,
  hmac,
  keyNameWire,
  nowSeconds,
  tsigVariables,
} from '../dns/transfer/tsig-digest';
import { appendTsig } from '../dns/transfer/tsig-wire';

export interface Ask {
  id: number;
  name: string;
  qtype: number;
  qclass: number;
  /** Byte 2 of the header: opcode and RD (QR sometimes, which must be dropped). */
  flagsHi: number;
  /** IXFR: the client's serial in the authority section. */
  serial?: number;
}

function nameWire(name: string): Buffer {
  const labels = name ? name.split('.') : [];
  return Buffer.concat([
    ...labels.map((l) => Buffer.from([l.length, ...Buffer.from(l)])),
    Buffer.from([0]),
  ]);
}

export function build(q: Ask): Buffer {
  const h = Buffer.alloc(12);
  h.writeUInt16BE(q.id, 0);
  h[2] = q.flagsHi;
  h.writeUInt16BE(1, 4);
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(q.qtype, 0);
  tail.writeUInt16BE(q.qclass, 2);
  const parts = [h, nameWire(q.name), tail];
  if (q.serial !== undefined) {
    h.writeUInt16BE(1, 8);
    const rdata = Buffer.alloc(22); // two root names, then serial and four timers
    rdata.writeUInt32BE(q.serial >>> 0, 2);
    const rr = Buffer.alloc(10);
    rr.writeUInt16BE(6, 0);
    rr.writeUInt16BE(1, 2);
    rr.writeUInt16BE(rdata.length, 8);
    parts.push(Buffer.from([0xc0, 0x0c]), rr, rdata);
  }
  return Buffer.concat(parts);
}

/** The TCP frame of a message, its length prefix off by `lie`. */
export const framed = (m: Buffer, lie = 0) => {
  const f = Buffer.alloc(2);
  f.writeUInt16BE(Math.max(0, Math.min(0xffff, m.length + lie)), 0);
  return Buffer.concat([f, m]);
};

/** Damage done to a query: none, or the kinds of junk a fuzzer or a broken client sends. */
export type Mutation =
  | { kind: 'none' }
  | { kind: 'cut'; at: number }
  | { kind: 'set'; at: number; value: number }[]
  | { kind: 'counts'; values: number[] }
  | { kind: 'junk'; bytes: Uint8Array }
  | { kind: 'loop' }
  | { kind: 'label' };

export function mutate(m: Buffer, mut: Mutation): Buffer {
  if (Array.isArray(mut)) {
    const out = Buffer.from(m);
    for (const s of mut) out[s.at % out.length] = s.value;
    return out;
  }
  switch (mut.kind) {
    case 'none':
      return m;
    case 'cut':
      return m.subarray(0, mut.at % m.length);
    case 'counts': {
      const out = Buffer.from(m);
      mut.values.forEach((v, i) => out.writeUInt16BE(v, 4 + 2 * i));
      return out;
    }
    case 'junk':
      return Buffer.concat([m, mut.bytes]);
    case 'loop': {
      // The question's name, or the IXFR SOA's owner, a pointer to itself.
      const out = Buffer.from(m);
      const at = out.indexOf(Buffer.from([0xc0, 0x0c]));
      if (at > 0) out.writeUInt16BE(0xc000 | at, at);
      else out.writeUInt16BE(0xc00c, 12);
      return out;
    }
    case 'label': {
      const out = Buffer.from(m);
      out[12] = 63; // a label longer than what follows
      return out;
    }
  }
}

/** TSIG on a request: none, a valid one, or one that must fail. */
export type Signing =
  'none' | 'valid' | 'wrong-key' | 'unknown-key' | 'short-mac' | 'bad-time' | 'flipped';
/** The keys to sign with: the one the server knows, the same name with another secret, and one it does not know. */
export interface SigningKeys {
  key: TsigKey;
  wrong: TsigKey;
  unknown: TsigKey;
}

export function sign(m: Buffer, how: Signing, keys: SigningKeys): Buffer {
  // A TSIG cannot be added to what is not a header, or to 65535 additional records already.
  if (how === 'none' || m.length < 12 || m.readUInt16BE(10) === 0xffff) return m;
  if (how === 'short-mac') {
    const fields = {
      ownerWire: keyNameWire(keys.key),
      algorithmWire: algorithmWire(keys.key),
      timeSigned: nowSeconds(),
      fudge: 300,
      error: 0,
      other: Buffer.alloc(0),
    };
    const mac = hmac(keys.key, [m, tsigVariables(fields)]).subarray(0, 10);
    return appendTsig(m, { ...fields, mac, originalId: m.readUInt16BE(0) });
  }
  const key = how === 'wrong-key' ? keys.wrong : how === 'unknown-key' ? keys.unknown : keys.key;
  const now = nowSeconds() + (how === 'bad-time' ? -3600 : 0);
  const signed = Buffer.from(signRequest(m, key, now).message);
  if (how === 'flipped') signed[signed.length - 10]! ^= 0x01; // inside the MAC
  return signed;
}
