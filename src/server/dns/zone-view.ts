// The in-memory view of one zone that the DNS server answers from: RRsets by name and type in
// wire form, empty non-terminals, delegation points, and the signing key.
import type { KeyObject } from 'node:crypto';
import { nameAt } from './additional';
import { asciiLower, bare, labelCount, parentOf } from './names';
import type { RecordType } from '../../shared/dns/records';
import { contentToRdata, nameWire, soaRdata, TYPE } from './rdata';
import { NEGATIVE_TTL } from '../zones/soa';
import { delegatedHere } from '../zones/child-cut';
import { cdsRdata, DELETE_CDS } from '../zones/dnssec-keys';

export interface RRset {
  type: number;
  ttl: number;
  /** RDATA in canonical order (RFC 4034 6.3), as signing needs. */
  readonly rdatas: Buffer[];
}

/**
 * An RRset of the user's records, kept as content text: wire RDATA is made only when an answer
 * is built (and then cached as part of the encoded answer), which keeps the view small.
 */
export class StoredRRset implements RRset {
  readonly contents: string[] = [];

  constructor(
    readonly type: number,
    readonly ttl: number,
    private readonly recordType: RecordType,
  ) {}

  get rdatas(): Buffer[] {
    return canonicalOrder(this.contents.map((c) => contentToRdata(this.recordType, c)));
  }
}

export interface DnsNode {
  /** Usually one or two RRsets: an array is smaller than a Map and as fast to search. */
  rrsets: RRset[];
  /** ALIAS is answered at query time from its target's A/AAAA. */
  alias?: { target: string; ttl: number };
}

export function rrsetOf(node: DnsNode | undefined, type: number): RRset | undefined {
  if (!node) return undefined;
  for (const r of node.rrsets) if (r.type === type) return r;
  return undefined;
}

/** A stored value of the user's, enabled, as the view keeps it. */
export interface ValueRow {
  type: string;
  content: string;
  ttl: number;
}

/** The node of a name from its enabled values; added to `base` (which holds other types). */
export function buildNode(rows: readonly ValueRow[], base: DnsNode = { rrsets: [] }): DnsNode {
  const node = base;
  for (const r of rows) {
    if (r.type === 'ALIAS') {
      node.alias = { target: asciiLower(bare(r.content)), ttl: r.ttl };
      continue;
    }
    const type = TYPE[r.type]!;
    let rrset = rrsetOf(node, type) as StoredRRset | undefined;
    if (!rrset) node.rrsets.push((rrset = new StoredRRset(type, r.ttl, r.type as RecordType)));
    rrset.contents.push(r.content);
  }
  return node;
}

/**
 * A new node for a name whose RRset of `type` now holds exactly `rows` (none: the RRset is gone),
 * the name's other RRsets kept as they are. A new object, not a change in place: an answer being
 * built from the old node sees it whole.
 */
export function withRRset(
  node: DnsNode | undefined,
  type: string,
  rows: readonly Omit<ValueRow, 'type'>[],
): DnsNode {
  const code = TYPE[type];
  const base: DnsNode = { rrsets: (node?.rrsets ?? []).filter((r) => r.type !== code) };
  if (node?.alias && type !== 'ALIAS') base.alias = node.alias;
  return buildNode(
    rows.map((r) => ({ ...r, type })),
    base,
  );
}

export interface SigningKey {
  keytag: number;
  algorithm: number;
  privateKey: KeyObject;
  dnskey: RRset;
  /**
   * CDS and CDNSKEY at the apex (RFC 7344, RFC 8078): the DS the zone asks its parent for, so a
   * registry or registrar that scans for them can install (and later follow) the DS without the
   * user copying it by hand. Same TTL as the DNSKEY RRset.
   */
  cds: RRset;
  cdnskey: RRset;
}

/**
 * The apex RRsets a zone's key makes: DNSKEY, CDS and CDNSKEY; with `removeDs`, the CDS and
 * CDNSKEY are the delete signal instead of the key's (ADR 0029).
 */
export function keyRRsets(
  zoneName: string,
  dnskey: Buffer,
  ttl: number,
  removeDs = false,
): Pick<SigningKey, 'dnskey' | 'cds' | 'cdnskey'> {
  const { cds, cdnskey } = cdsRdata(zoneName, dnskey, removeDs);
  return {
    dnskey: { type: TYPE.DNSKEY!, ttl, rdatas: [dnskey] },
    cds: { type: TYPE.CDS!, ttl, rdatas: [cds] },
    cdnskey: { type: TYPE.CDNSKEY!, ttl, rdatas: [cdnskey] },
  };
}

export { NEGATIVE_TTL };

/**
 * What a zone knows of the other zones hosted here (view-store.ts): a zone hosted below it is a
 * zone cut of its own, delegated to and, when signed, secured by a DS (ADR 0030).
 */
export interface HostedZones {
  /** The served zone named exactly `name` (a withheld zone is not served). */
  servedAt(name: string): ZoneView | undefined;
  /** Whether a served zone lies strictly below `name`. */
  servedBelow(name: string): boolean;
  /** The served zones strictly below `name`. */
  servedUnder(name: string): ZoneView[];
}

/** A hosted child zone's cut in its parent: the NS and DS the parent holds for it. */
export interface ChildCut {
  child: ZoneView;
  ns: RRset;
  /** None when the child is not signed, asks for its DS to be removed, or is delegated elsewhere. */
  ds: RRset | null;
}

export class ZoneView {
  /** Bumped on every change; cached answers that used an older version are rebuilt. */
  version = 0;
  readonly nodes = new Map<string, DnsNode>();
  readonly delegations = new Set<string>();
  /** Names strictly between the apex and a node, with how many nodes lie below each. */
  private readonly below = new Map<string, number>();
  private soaCache: { version: number; rrset: RRset } | null = null;
  /** The other zones hosted here; none for a view made alone (tests). */
  hosted: HostedZones | null = null;

  constructor(
    readonly id: string,
    readonly name: string,
    public active: boolean,
    public serial: number,
    public ttl: number,
    readonly nameservers: string[],
    public key: SigningKey | null,
  ) {}

  isEnt(name: string): boolean {
    if (this.nodes.has(name)) return false;
    if ((this.below.get(name) ?? 0) > 0) return true;
    // A name above a hosted child zone exists in this one (RFC 8020: an NXDOMAIN there would
    // deny the child's names too).
    return !!this.hosted?.servedBelow(name) && !this.childCut(name);
  }

  exists(name: string): boolean {
    return name === this.name || this.nodes.has(name) || this.isEnt(name) || !!this.childCut(name);
  }

  /**
   * The cut of a zone hosted here at `name` whose nearest hosted parent this zone is (ADR 0030):
   * this zone delegates to it whether or not its records hold NS there (the NS are then the
   * child's own), and holds its DS while it is signed, unless it asks for the DS's removal (RFC
   * 8078, ADR 0029) or NS records here delegate it to other nameservers.
   */
  childCut(name: string): ChildCut | undefined {
    if (!this.hosted || name === this.name) return undefined;
    const child = this.hosted.servedAt(name);
    if (!child) return undefined;
    for (let p = parentOf(name); p && p !== this.name; p = parentOf(p)) {
      // A zone between is its parent; NS records between hand the name to other servers.
      if (this.hosted.servedAt(p) || this.delegations.has(p)) return undefined;
    }
    const own = rrsetOf(this.nodes.get(name), TYPE.NS!);
    const toUs = delegatedHere(own?.rdatas.map((r) => nameAt(r, 0)) ?? [], child.nameservers);
    const cds = child.key?.cds.rdatas[0];
    const ds =
      cds && toUs && !cds.equals(DELETE_CDS)
        ? { type: TYPE.DS!, ttl: this.ttl, rdatas: [cds] }
        : null;
    return {
      child,
      ns: own ?? { type: TYPE.NS!, ttl: this.ttl, rdatas: child.apexNs().rdatas },
      ds,
    };
  }

  /** Names holding an ALIAS (their transferred addresses come from other zones). */
  aliases = 0;

  setNode(name: string, node: DnsNode | null): void {
    const old = this.nodes.get(name);
    const had = old !== undefined;
    this.aliases += (node?.alias ? 1 : 0) - (old?.alias ? 1 : 0);
    if (node && (node.rrsets.length || node.alias)) {
      this.nodes.set(name, node);
      if (!had) this.adjustAncestors(name, 1);
    } else if (had) {
      this.nodes.delete(name);
      this.adjustAncestors(name, -1);
    }
    if (rrsetOf(node ?? undefined, TYPE.NS!) && name !== this.name) this.delegations.add(name);
    else this.delegations.delete(name);
  }

  private adjustAncestors(name: string, delta: number): void {
    for (
      let p = parentOf(name);
      p && p !== this.name && labelCount(p) > labelCount(this.name);
      p = parentOf(p)
    ) {
      const n = (this.below.get(p) ?? 0) + delta;
      if (n > 0) this.below.set(p, n);
      else this.below.delete(p);
    }
  }

  soa(): RRset {
    if (this.soaCache?.version !== this.version) {
      const rdata = soaRdata(
        this.name,
        this.nameservers[0] ?? `ns.${this.name}`,
        this.serial,
        NEGATIVE_TTL,
      );
      this.soaCache = {
        version: this.version,
        rrset: { type: TYPE.SOA!, ttl: this.ttl, rdatas: [rdata] },
      };
    }
    return this.soaCache.rrset;
  }

  apexNs(): RRset {
    return {
      type: TYPE.NS!,
      ttl: this.ttl,
      rdatas: canonicalOrder(this.nameservers.map((n) => nameWire(n))),
    };
  }

  /** RRsets of the apex, the service's own (SOA, NS, DNSKEY, CDS, CDNSKEY) before the user's. */
  rrsetAt(name: string, type: number): RRset | undefined {
    if (name === this.name) {
      if (type === TYPE.SOA) return this.soa();
      if (type === TYPE.NS) return this.apexNs();
      if (this.key) {
        if (type === TYPE.DNSKEY) return this.key.dnskey;
        if (type === TYPE.CDS) return this.key.cds;
        if (type === TYPE.CDNSKEY) return this.key.cdnskey;
      }
    }
    if ((type === TYPE.NS || type === TYPE.DS) && this.hosted) {
      const cut = this.childCut(name);
      if (cut) return type === TYPE.NS ? cut.ns : (cut.ds ?? undefined);
    }
    return rrsetOf(this.nodes.get(name), type);
  }

  typesAt(name: string): number[] {
    if (name !== this.name && this.hosted) {
      // At a hosted child's cut this zone holds the NS and the DS, and nothing else it may
      // still have there (ADR 0030; RFC 4034 4.1.2).
      const cut = this.childCut(name);
      if (cut) return cut.ds ? [TYPE.NS!, TYPE.DS!] : [TYPE.NS!];
    }
    const types = (this.nodes.get(name)?.rrsets ?? []).map((r) => r.type);
    if (name === this.name) {
      types.push(TYPE.SOA!, TYPE.NS!);
      if (this.key) types.push(TYPE.DNSKEY!, TYPE.CDS!, TYPE.CDNSKEY!);
    }
    return types;
  }

  /** The cuts of the zones hosted below this one whose parent it is (ADR 0030). */
  childCuts(): Map<string, ChildCut> {
    const cuts = new Map<string, ChildCut>();
    if (!this.hosted?.servedBelow(this.name)) return cuts;
    for (const z of this.hosted.servedUnder(this.name)) {
      const cut = this.childCut(z.name);
      if (cut) cuts.set(z.name, cut);
    }
    return cuts;
  }
}

export function canonicalOrder(rdatas: Buffer[]): Buffer[] {
  rdatas.sort(Buffer.compare);
  // Two stored spellings of one value (TXT `a b` and `"a b"`, written before the writes refused
  // the second) are one record: an RRset holds no duplicates (RFC 2181 5), and a signed one
  // that did would fail validation (RFC 4034 6.3).
  let kept = 0;
  for (let i = 0; i < rdatas.length; i++) {
    if (kept > 0 && rdatas[i]!.equals(rdatas[kept - 1]!)) continue;
    rdatas[kept++] = rdatas[i]!;
  }
  rdatas.length = kept;
  return rdatas;
}
