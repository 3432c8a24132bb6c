// RFC 3597 generic RDATA ("\# 4 c0000201") decoded into our content text for the types we keep.

import type { RecordType } from '../records/index';

type Decoded = { ok: true; content: string } | { ok: false; message: string };

const hex = (b: Uint8Array): string =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** Bytes of the "\# <length> <hex...>" tokens after the marker, or a problem. */
export function genericBytes(
  tokens: readonly string[],
): { ok: true; bytes: Uint8Array } | { ok: false; message: string } {
  const [length, ...rest] = tokens;
  if (length === undefined || !/^\d+$/.test(length)) {
    return {
      ok: false,
      message: 'Generic data "\\#" needs its length in bytes, then the data in hex.',
    };
  }
  const digits = rest.join('');
  if (!/^([0-9a-fA-F]{2})*$/.test(digits)) {
    return { ok: false, message: 'Generic data after "\\#" must be hex digits, two per byte.' };
  }
  if (digits.length / 2 !== Number(length)) {
    return {
      ok: false,
      message: `Generic data says ${length} bytes but has ${digits.length / 2}.`,
    };
  }
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return { ok: true, bytes };
}

/** A byte string as our quoted text: printable ASCII as is, everything else \DDD. */
function quoteBytes(b: Uint8Array): string {
  let s = '"';
  for (const x of b) {
    if (x === 0x22 || x === 0x5c) s += `\\${String.fromCharCode(x)}`;
    else if (x >= 0x20 && x < 0x7f) s += String.fromCharCode(x);
    else s += `\\${String(x).padStart(3, '0')}`;
  }
  return `${s}"`;
}

class Reader {
  pos = 0;
  constructor(readonly b: Uint8Array) {}
  left(): number {
    return this.b.length - this.pos;
  }
  u8(): number {
    if (this.left() < 1) throw new RangeError('short');
    return this.b[this.pos++] ?? 0;
  }
  u16(): number {
    return this.u8() * 256 + this.u8();
  }
  take(n: number): Uint8Array {
    if (this.left() < n) throw new RangeError('short');
    const out = this.b.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  name(): string {
    const labels: string[] = [];
    for (let len = this.u8(); len !== 0; len = this.u8()) {
      if (len > 63) throw new RangeError('compressed');
      labels.push(Array.from(this.take(len), (x) => String.fromCharCode(x)).join(''));
    }
    return `${labels.join('.')}.`;
  }
}

const DECODERS: Partial<Record<RecordType, (r: Reader) => string>> = {
  A: (r) => Array.from(r.take(4)).join('.'),
  AAAA: (r) => {
    const g: string[] = [];
    for (let i = 0; i < 8; i++) g.push(r.u16().toString(16));
    return g.join(':');
  },
  NS: (r) => r.name(),
  CNAME: (r) => r.name(),
  PTR: (r) => r.name(),
  MX: (r) => `${r.u16()} ${r.name()}`,
  SRV: (r) => `${r.u16()} ${r.u16()} ${r.u16()} ${r.name()}`,
  TXT: (r) => {
    const parts: string[] = [];
    while (r.left() > 0) parts.push(quoteBytes(r.take(r.u8())));
    return parts.join(' ');
  },
  CAA: (r) => {
    const flags = r.u8();
    const tag = Array.from(r.take(r.u8()), (x) => String.fromCharCode(x)).join('');
    return `${flags} ${tag} ${quoteBytes(r.take(r.left()))}`;
  },
  TLSA: (r) => `${r.u8()} ${r.u8()} ${r.u8()} ${hex(r.take(r.left()))}`,
  SSHFP: (r) => `${r.u8()} ${r.u8()} ${hex(r.take(r.left()))}`,
};

/** Content text for the registry to validate, or why the bytes cannot be one of our values. */
export function decodeGeneric(type: RecordType, bytes: Uint8Array): Decoded {
  const decode = DECODERS[type];
  if (!decode) {
    return {
      ok: false,
      message: `${type} in the generic "\\#" form is not supported here; write it in its usual presentation form.`,
    };
  }
  const r = new Reader(bytes);
  try {
    const content = decode(r);
    if (r.left() > 0)
      return { ok: false, message: `Generic ${type} data has ${r.left()} bytes too many.` };
    return { ok: true, content };
  } catch {
    return {
      ok: false,
      message: `Generic ${type} data is too short or malformed for a ${type} record.`,
    };
  }
}
