// Record content (our canonical text) to RDATA wire bytes. Standard types go through
// dns-packet's codecs; HTTPS/SVCB (which dns-packet lacks) and the DNSSEC types are ours.
import dnsPacket from 'dns-packet';
import {
  RECORD_SPECS,
  txtWireStrings,
  type FieldsOf,
  type RecordType,
} from '../../shared/dns/records';
import { soaMailbox } from '../../shared/dns/names';
import { svcKeyNumber } from '../../shared/dns/records/svcb-params';
import { asciiLower, LABEL_DOT } from './names';
import { SOA_TIMERS } from '../zones/soa';

/** Type codes; every record type of ours but ALIAS (answered as A/AAAA) must have one. */
export const TYPE: Record<string, number> = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  PTR: 12,
  HINFO: 13,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  SRV: 33,
  OPT: 41,
  DS: 43,
  SSHFP: 44,
  RRSIG: 46,
  NSEC: 47,
  DNSKEY: 48,
  NSEC3PARAM: 51,
  TLSA: 52,
  CDS: 59,
  CDNSKEY: 60,
  SVCB: 64,
  HTTPS: 65,
  ANY: 255,
  CAA: 257,
} satisfies Record<Exclude<RecordType, 'ALIAS'>, number> & Record<string, number>;
const TYPE_NAME = new Map(Object.entries(TYPE).map(([k, v]) => [v, k]));
export const typeName = (t: number) => TYPE_NAME.get(t) ?? `TYPE${t}`;

/** Wire form of a name: lower-case labels, length-prefixed, root-terminated, uncompressed. */
export function nameWire(name: string): Buffer {
  const parts: Buffer[] = [];
  // ASCII-only lower case (DNS compares no other letters); a LABEL_DOT is the octet '.'.
  for (const label of asciiLower(name).split('.')) {
    if (!label) continue;
    const b = Buffer.from(label.replaceAll(LABEL_DOT, '.'), 'latin1');
    parts.push(Buffer.from([b.length]), b);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

/** dns-packet codecs write [rdlength][rdata]; we keep only the rdata. */
function viaPacket(type: string, data: unknown): Buffer {
  // `record(type)` is dns-packet's per-type RDATA codec (missing from its type definitions).
  const codecs = dnsPacket as unknown as { record(t: string): { encode(d: unknown): Buffer } };
  const codec = codecs.record(type);
  return codec.encode(data).subarray(2);
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const host = (h: string) => (h === '.' ? '.' : h.replace(/\.$/, ''));

function svcParamValue(key: number, value: string | undefined): Buffer {
  const v = value ?? '';
  switch (key) {
    case 0: // mandatory: key numbers
      return Buffer.concat(v.split(',').map((k) => u16(svcKeyNumber(k) ?? 0)));
    case 1: // alpn: length-prefixed ids; "\," is a literal comma
      return Buffer.concat(
        v.split(/(?<!\\),/).map((id) => {
          const b = Buffer.from(id.replace(/\\,/g, ','), 'utf8');
          return Buffer.concat([Buffer.from([b.length]), b]);
        }),
      );
    case 3:
      return u16(Number(v));
    case 4:
      return Buffer.concat(v.split(',').map((ip) => viaPacket('A', ip)));
    case 5:
      return Buffer.from(v, 'base64');
    case 6:
      return Buffer.concat(v.split(',').map((ip) => viaPacket('AAAA', ip)));
    default: // no-default-alpn (empty), dohpath and keyNNNNN: the text as bytes
      return Buffer.from(v, 'utf8');
  }
}

function svcbRdata({ priority, target, params }: FieldsOf<'SVCB'>): Buffer {
  const parts = [u16(priority), nameWire(target === '.' ? '' : target)];
  const sorted = params
    .map((p) => ({ n: svcKeyNumber(p.key) ?? 0, v: p.value }))
    .sort((a, b) => a.n - b.n);
  for (const p of sorted) {
    const value = svcParamValue(p.n, p.v);
    parts.push(u16(p.n), u16(value.length), value);
  }
  return Buffer.concat(parts);
}

const hostRdata = ({ host }: FieldsOf<'CNAME'>) => nameWire(host);

/** Each type's parsed fields to RDATA. ALIAS has no wire form of its own: it is answered as A/AAAA. */
const RDATA: { [T in RecordType]: (fields: FieldsOf<T>) => Buffer } = {
  A: (f) => viaPacket('A', f.address),
  AAAA: (f) => viaPacket('AAAA', f.address),
  CNAME: hostRdata,
  NS: hostRdata,
  PTR: hostRdata,
  ALIAS: hostRdata,
  MX: (f) => Buffer.concat([u16(f.priority), nameWire(f.host)]),
  SRV: (f) => Buffer.concat([u16(f.priority), u16(f.weight), u16(f.port), nameWire(f.target)]),
  TXT: (f) => viaPacket('TXT', txtWireStrings(f)),
  CAA: (f) => viaPacket('CAA', { flags: f.flags, tag: f.tag, value: f.value }),
  TLSA: (f) =>
    Buffer.concat([Buffer.from([f.usage, f.selector, f.matchingType]), Buffer.from(f.data, 'hex')]),
  SSHFP: (f) =>
    Buffer.concat([
      Buffer.from([f.algorithm, f.fingerprintType]),
      Buffer.from(f.fingerprint, 'hex'),
    ]),
  HTTPS: svcbRdata,
  SVCB: svcbRdata,
};

/** RDATA of one record of ours, from its stored (canonical) content. */
export function contentToRdata<T extends RecordType>(type: T, content: string): Buffer {
  const parsed = RECORD_SPECS[type].parse(content);
  if (!parsed.ok) throw new Error(`stored ${type} content does not parse: ${content}`);
  return RDATA[type](parsed.value);
}

export function soaRdata(zone: string, mname: string, serial: number, minimum: number): Buffer {
  return viaPacket('SOA', {
    mname: host(mname),
    rname: soaMailbox(zone, mname),
    serial: serial >>> 0,
    ...SOA_TIMERS,
    minimum,
  });
}

/** NSEC type bitmap (RFC 4034 4.1.2): windows of up to 32 bytes, one bit per type. */
export function typeBitmap(types: Iterable<number>): Buffer {
  const windows = new Map<number, Buffer>();
  for (const t of types) {
    const w = t >> 8;
    const bits = windows.get(w) ?? Buffer.alloc(32);
    bits[(t & 0xff) >> 3]! |= 0x80 >> (t & 7);
    windows.set(w, bits);
  }
  const parts: Buffer[] = [];
  for (const w of [...windows.keys()].sort((a, b) => a - b)) {
    const bits = windows.get(w)!;
    let len = 32;
    while (len > 0 && bits[len - 1] === 0) len--;
    parts.push(Buffer.from([w, len]), bits.subarray(0, len));
  }
  return Buffer.concat(parts);
}

export function hinfoRdata(cpu: string, os: string): Buffer {
  return viaPacket('HINFO', { cpu, os });
}
