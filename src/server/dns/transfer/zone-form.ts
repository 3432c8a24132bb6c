// The transferred form of a zone: every record a secondary gets, one consistent version, in wire
// form, grouped by owner name. For a signed zone it is signed whole (RFC 4035 2): an RRSIG over
// every authoritative RRset, a complete NSEC chain in canonical order, the DNSKEY at the apex,
// since a secondary cannot sign (online answers keep their minimally covering NSEC: both
// validate with the same DS). ALIAS goes out as the A/AAAA it answers with; disabled values are
// not in the view, so they are not transferred.
//
// A form is rebuilt after every change, but a name's records are made again only when its node,
// its NSEC successor or its role changed: a change to one name of a 100,000-name zone signs a
// few RRsets, not the zone.
import { nameWire, TYPE, typeBitmap } from '../rdata';
import { resolve, type Resolution, type ZoneFinder } from '../resolve';
import { rrsigRdata } from '../signer';
import { parentOf } from '../names';
import {
  NEGATIVE_TTL,
  type ChildCut,
  type DnsNode,
  type RRset,
  type SigningKey,
  type ZoneView,
} from '../zone-view';
import { rrWire, splitRecords } from './wire';

/**
 * Signatures of a transferred form are made for windows of this length, from the window of the
 * serial (serials are seconds since the epoch): every form of one window shares its signatures,
 * and once a serial's window is over the zone gets a new serial and is signed again, so a
 * secondary's copy never holds signatures older than this (they are valid for two weeks).
 */
export const TRANSFER_RESIGN_MS = 3 * 86400_000;

/** What a name carries: authoritative data, a delegation, or data below one (glue). */
type Role = 'auth' | 'delegation' | 'occluded';

export interface FormEntry {
  /** The view's node the records were made from (nodes are replaced, never changed). */
  readonly node: DnsNode | undefined;
  readonly role: Role;
  /** The NSEC successor; '' when not signed. */
  readonly next: string;
  /** What else the records depend on: the apex's own RRsets, an ALIAS's flattened addresses. */
  readonly extra: string;
  /** The name's records, concatenated, and how many (a signed name's NSEC and its RRSIG last). */
  readonly wire: Buffer;
  readonly count: number;
  /**
   * The NSEC's type bitmap (as latin1 text: a small Buffer would pin a slab of Node's shared
   * pool, garbage and all); null when not signed.
   */
  readonly bitmap: string | null;
}

export interface ZoneForm {
  readonly zoneId: string;
  readonly serial: number;
  /** The view version it was made from. */
  readonly version: number;
  readonly key: SigningKey | null;
  /** Start of the signature window (ms); 0 when unsigned. */
  readonly window: number;
  /** The NSEC records' TTL (the zone's TTL moves it: every NSEC changes with it). */
  readonly nsecTtl: number;
  /** The SOA record (first and last of an AXFR) and, when signed, its RRSIG record. */
  readonly soa: Buffer;
  readonly soaSig: Buffer | null;
  /** Per owner name, in transfer order (canonical order when signed). */
  readonly entries: Map<string, FormEntry>;
  /** Records between the two SOAs. */
  readonly count: number;
}

/** The window a serial's signatures belong to (never one that has not begun). */
export function signatureWindow(serial: number, now = Date.now()): number {
  const period = (ms: number) => Math.floor(ms / TRANSFER_RESIGN_MS) * TRANSFER_RESIGN_MS;
  return Math.min(period(serial * 1000), period(now));
}

/** Whether a signed zone's serial belongs to a window that is over (it must be signed again). */
export function needsResigning(serial: number, now = Date.now()): boolean {
  return signatureWindow(serial, now) < Math.floor(now / TRANSFER_RESIGN_MS) * TRANSFER_RESIGN_MS;
}

/** Whether two keys sign alike: the view loads a new key object on every zone event. */
export function sameKey(a: SigningKey | null, b: SigningKey | null): boolean {
  if (a === b) return true;
  return !!a && !!b && a.keytag === b.keytag && a.dnskey.rdatas[0]!.equals(b.dnskey.rdatas[0]!);
}

/** RFC 4034 6.1: names compare label by label from the root, as octets (names are lower case). */
function canonicalKey(name: string): string {
  return name.split('.').reverse().join('\x00');
}

const SIGNATURES_PER_SLICE = 400;
const yieldToEvents = () => new Promise<void>((r) => setImmediate(r));

/**
 * The form of `zone` as it is now. The view is read once, before anything is awaited; signing
 * then proceeds in slices so that a large zone does not hold up DNS answers. `prev` (the zone's
 * last form) lends the entries that did not change.
 */
export async function buildForm(
  views: ZoneFinder,
  zone: ZoneView,
  prev: ZoneForm | null,
  now = Date.now(),
): Promise<ZoneForm> {
  const serial = zone.serial;
  const version = zone.version;
  const key = zone.key;
  const window = key ? signatureWindow(serial, now) : 0;
  const soaSet = zone.soa();
  const apexExtra = apexFingerprint(zone);
  const delegations = new Set(zone.delegations);
  const names = [...zone.nodes.keys()];
  if (!zone.nodes.has(zone.name)) names.unshift(zone.name);
  // The zones hosted below this one are delegated to, with their DS when signed (ADR 0030).
  const cuts = zone.childCuts();
  for (const name of cuts.keys()) {
    delegations.add(name);
    if (!zone.nodes.has(name)) names.push(name);
  }
  if (key) {
    const keys = new Map(names.map((n) => [n, canonicalKey(n)]));
    names.sort((a, b) => (keys.get(a)! < keys.get(b)! ? -1 : 1));
  }
  const nodes = names.map((n) => zone.nodes.get(n));
  const roles = names.map((n) => roleOf(n, zone.name, delegations));

  const signer = key ? new Signer(zone.name, key, window) : null;
  const entries = new Map<string, FormEntry>();
  const nsecTtl = Math.min(soaSet.ttl, NEGATIVE_TTL); // RFC 9077
  const reuse =
    prev && sameKey(prev.key, key) && prev.window === window && prev.nsecTtl === nsecTtl
      ? prev.entries
      : null;
  let count = 0;
  let after = 0; // where the search for the next name of the NSEC chain goes on from
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const node = nodes[i];
    const role = roles[i]!;
    let next = '';
    if (signer && role !== 'occluded') {
      after = Math.max(after, i + 1);
      while (after < names.length && roles[after] === 'occluded') after++;
      next = after < names.length ? names[after]! : zone.name; // the last points to the apex
    }
    const aliasSets = node?.alias ? flattenedAlias(views, name) : [];
    const cut = cuts.get(name);
    const cutSets = cut ? cutRRsets(node, cut) : [];
    const extra =
      (name === zone.name ? apexExtra : '') +
      [...aliasSets, ...cutSets]
        .map((s) => `${s.type}/${s.ttl}:${s.rdatas.map((r) => r.toString('hex')).join(',')}`)
        .join('|');
    const old = reuse?.get(name);
    const same = old && old.node === node && old.role === role && old.extra === extra;
    if (same && old.next === next) {
      entries.set(name, old);
      count += old.count;
      continue;
    }
    let made: { records: Buffer[]; bitmap: string | null };
    if (same && signer && old.bitmap) {
      // Only the successor changed (a name added or removed next to it): a new NSEC, the
      // RRsets' signatures kept.
      const records = splitRecords(old.wire).slice(0, -2);
      records.push(...signer.nsec(name, next, old.bitmap, nsecTtl));
      made = { records, bitmap: old.bitmap };
    } else {
      const rrsets = [...(node?.rrsets ?? []), ...aliasSets, ...cutSets];
      if (name === zone.name)
        rrsets.unshift(zone.apexNs(), ...(key ? [key.dnskey, key.cds, key.cdnskey] : []));
      made = signer
        ? signer.entry(name, rrsets, role, next, nsecTtl)
        : { records: plainRecords(name, rrsets), bitmap: null };
    }
    const entry: FormEntry = {
      node,
      role,
      next,
      extra,
      wire: ownBuffer(made.records),
      count: made.records.length,
      bitmap: made.bitmap,
    };
    entries.set(name, entry);
    count += entry.count;
    if (signer && signer.made >= SIGNATURES_PER_SLICE) {
      signer.made = 0;
      await yieldToEvents();
    }
  }
  const soa = rrWire(nameWire(zone.name), soaSet.type, soaSet.ttl, soaSet.rdatas[0]!);
  const soaSig = signer ? signer.rrsig(zone.name, soaSet) : null;
  if (soaSig) count++;
  return { zoneId: zone.id, serial, version, key, window, nsecTtl, soa, soaSig, entries, count };
}

/**
 * The records in a buffer of their own. Buffer.concat would slice Node's shared 8 KB pool, whose
 * slabs also hold the signing's short-lived buffers: every kept entry would keep a slab alive,
 * garbage and all (five times the records' size for a large signed zone).
 */
function ownBuffer(records: readonly Buffer[]): Buffer {
  let size = 0;
  for (const r of records) size += r.length;
  const out = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const r of records) at += r.copy(out, at);
  return out;
}

/** What a hosted child zone's cut adds to the name's own records: NS unless they hold some, DS. */
function cutRRsets(node: DnsNode | undefined, cut: ChildCut): RRset[] {
  const sets: RRset[] = [];
  if (!node?.rrsets.some((r) => r.type === TYPE.NS)) sets.push(cut.ns);
  if (cut.ds) sets.push(cut.ds);
  return sets;
}

function roleOf(name: string, apex: string, delegations: ReadonlySet<string>): Role {
  if (!delegations.size || name === apex) return 'auth';
  // Below a cut first: NS records there make glue of them, even NS records (a cut below a cut).
  for (let p = parentOf(name); p && p !== apex; p = parentOf(p)) {
    if (delegations.has(p)) return 'occluded';
  }
  return delegations.has(name) ? 'delegation' : 'auth';
}

function apexFingerprint(zone: ZoneView): string {
  const ns = zone.apexNs();
  // The CDS turns into the delete signal and back with the key unchanged (ADR 0029).
  const cds = zone.key?.cds.rdatas[0]!.toString('hex') ?? '';
  return `${ns.ttl}:${ns.rdatas.map((r) => r.toString('hex')).join(',')}:${zone.key?.dnskey.ttl ?? ''}:${cds}`;
}

/**
 * The A and AAAA RRsets an ALIAS at `name` goes out as; `used` sees each resolution (the zones it
 * depended on: alias-serials.ts watches them).
 */
export function flattenedAlias(
  views: ZoneFinder,
  name: string,
  used?: (r: Resolution) => void,
): RRset[] {
  const out: RRset[] = [];
  for (const type of [TYPE.A!, TYPE.AAAA!]) {
    const r = resolve(views, name, type);
    used?.(r);
    for (const s of r.answer) {
      if (s.owner === name && s.rrset.type === type) out.push(s.rrset);
    }
  }
  return out;
}

function plainRecords(name: string, rrsets: readonly RRset[]): Buffer[] {
  const owner = nameWire(name);
  const out: Buffer[] = [];
  for (const s of rrsets) for (const r of s.rdatas) out.push(rrWire(owner, s.type, s.ttl, r));
  return out;
}

/** Makes the signed records of one name: RRsets with their RRSIGs, the NSEC and its RRSIG. */
class Signer {
  /** Signatures made since the last yield. */
  made = 0;

  constructor(
    private readonly apex: string,
    private readonly key: SigningKey,
    private readonly window: number,
  ) {}

  rrsig(owner: string, rrset: RRset): Buffer {
    this.made++;
    const wildcard = owner.startsWith('*.') ? owner : undefined;
    const rdata = rrsigRdata(owner, rrset, this.key, this.apex, wildcard, this.window);
    return rrWire(nameWire(owner), TYPE.RRSIG!, rrset.ttl, rdata);
  }

  entry(
    name: string,
    rrsets: RRset[],
    role: Role,
    next: string,
    nsecTtl: number,
  ): { records: Buffer[]; bitmap: string | null } {
    const owner = nameWire(name);
    const out: Buffer[] = [];
    const types: number[] = [];
    for (const s of rrsets) {
      const rdatas = s.rdatas; // made once: a stored RRset makes its RDATA on each read
      for (const r of rdatas) out.push(rrWire(owner, s.type, s.ttl, r));
      if (role === 'occluded') continue;
      // At a delegation only the DS (and the NSEC) are the zone's own: NS and glue are the
      // child's, unsigned and left out of the NSEC's types except NS itself (RFC 4035 2.2).
      const own = role === 'auth' || s.type === TYPE.DS;
      if (own || s.type === TYPE.NS) types.push(s.type);
      if (own) out.push(this.rrsig(name, { type: s.type, ttl: s.ttl, rdatas }));
    }
    if (role === 'occluded') return { records: out, bitmap: null };
    if (name === this.apex) types.push(TYPE.SOA!); // its RRset and RRSIG travel apart
    types.push(TYPE.RRSIG!, TYPE.NSEC!);
    const bitmap = typeBitmap(types).toString('latin1');
    out.push(...this.nsec(name, next, bitmap, nsecTtl));
    return { records: out, bitmap };
  }

  /** The NSEC of `name` and its RRSIG. */
  nsec(name: string, next: string, bitmap: string, ttl: number): Buffer[] {
    const rdata = Buffer.concat([nameWire(next), Buffer.from(bitmap, 'latin1')]);
    const rrset: RRset = { type: TYPE.NSEC!, ttl, rdatas: [rdata] };
    return [rrWire(nameWire(name), TYPE.NSEC!, ttl, rdata), this.rrsig(name, rrset)];
  }
}
