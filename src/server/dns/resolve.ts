// The answering logic of an authoritative server (RFC 1034 4.3.2, RFC 2181, RFC 4592 wildcards,
// RFC 4035 for what DNSSEC adds): from a question to the sections of the answer, unsigned.
// Signing and wire encoding happen in encode.ts.
import { addressTargets, nameAt } from './additional';
import { childToward, isAtOrBelow, parentOf } from './names';
import { hinfoRdata, TYPE } from './rdata';
import type { ViewStore } from './view-store';
import { NEGATIVE_TTL, rrsetOf, type RRset, type ZoneView } from './zone-view';

export interface Section {
  owner: string;
  rrset: RRset;
  /** The zone whose key signs this RRset; none for referral NS and glue. */
  signer?: ZoneView;
  /** For answers synthesised from a wildcard: the wildcard owner the signature is made for. */
  wildcard?: string;
}

/** A denial of existence to prove with NSEC: a name that exists with these types, or a range. */
export type Denial = { zone: ZoneView } & ({ owner: string; types: number[] } | { covers: string });

export interface Resolution {
  rcode: number;
  aa: boolean;
  answer: Section[];
  authority: Section[];
  additional: Section[];
  denials: Denial[];
  /** The zone the question belongs to (counted in usage); undefined when REFUSED. */
  zone?: ZoneView;
  /** REFUSED for a name in a hosted zone that is disabled: counted in that zone's usage. */
  refusedZone?: ZoneView;
  /** Every zone whose data the answer used, for cache invalidation. */
  deps: ZoneView[];
}

export const RCODE = {
  NOERROR: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
} as const;
const MAX_CHAIN = 8;

/** What answering needs of the view store: which zone a name belongs to. */
export type ZoneFinder = Pick<ViewStore, 'findZone'>;

export function emptyResolution(rcode: number, aa: boolean): Resolution {
  return { rcode, aa, answer: [], authority: [], additional: [], denials: [], deps: [] };
}

export function resolve(views: ZoneFinder, qname: string, qtype: number): Resolution {
  const { zone, parked } = dsSide(views, views.findZone(qname), qname, qtype);
  const res = emptyResolution(RCODE.REFUSED, false);
  if (!zone) return res;
  if (!zone.active) {
    res.refusedZone = zone;
    res.deps.push(zone); // the REFUSED is cached until the zone is enabled
  } else {
    res.zone = zone;
    res.rcode = RCODE.NOERROR;
    res.aa = true;
    lookup(views, zone, qname, qtype, res, 0);
    for (const target of addressTargets(res.answer, qtype)) addAddresses(views, target, res);
  }
  // A disabled parent leaves the child answering its DS, until it is enabled again.
  if (parked) addDep(res, parked);
  return res;
}

/**
 * The DS at the apex of a zone belongs to its parent (RFC 4035 3.1.4.1): when the zone above is
 * hosted here and served, that zone answers it (ADR 0030). Answered by the child, a validator
 * gets a denial signed by the very key the DS should vouch for: a broken chain of trust.
 */
function dsSide(
  views: ZoneFinder,
  zone: ZoneView | undefined,
  qname: string,
  qtype: number,
): { zone: ZoneView | undefined; parked?: ZoneView } {
  if (!zone || qtype !== TYPE.DS || qname !== zone.name) return { zone };
  const parent = views.findZone(parentOf(qname));
  if (!parent) return { zone };
  return parent.active ? { zone: parent } : { zone, parked: parent };
}

/**
 * The A and AAAA that exist at `target` (RFC 1034 4.3.2 step 6) go into the additional
 * section, signed as answers are. Wildcard-synthesised ones are left out: they would need an
 * NSEC proof that the target does not exist to validate. The target's zone is a dependency
 * either way, so that addresses added later show at once.
 */
function addAddresses(views: ZoneFinder, target: string, res: Resolution): void {
  const zone = views.findZone(target);
  if (!zone) return;
  addDep(res, zone);
  if (!zone.active) return;
  for (const t of [TYPE.A!, TYPE.AAAA!]) {
    const inner = resolveInto(views, zone, target, t);
    for (const dep of inner.deps) addDep(res, dep);
    for (const s of inner.answer) {
      if (s.owner === target && s.rrset.type === t && !s.wildcard) res.additional.push(s);
    }
  }
}

function addDep(res: Resolution, zone: ZoneView): void {
  if (!res.deps.includes(zone)) res.deps.push(zone);
}

function lookup(
  views: ZoneFinder,
  zone: ZoneView,
  qname: string,
  qtype: number,
  res: Resolution,
  depth: number,
): void {
  addDep(res, zone);
  const cut = delegationAbove(zone, qname, qtype);
  if (cut) return referral(zone, cut, res);

  // A hosted child's cut answers its DS from the cut alone (ADR 0030): no record the parent
  // may still hold at that name (a CNAME, an A) stands in for it.
  const child = qtype === TYPE.DS ? zone.childCut(qname) : undefined;
  if (child) {
    if (child.ds) res.answer.push({ owner: qname, rrset: child.ds, signer: zone });
    else nodata(zone, qname, zone.typesAt(qname), res);
    return;
  }
  if (zone.nodes.has(qname) || qname === zone.name)
    return answerAt(views, zone, qname, qname, qtype, res, depth);
  if (zone.isEnt(qname)) return nodata(zone, qname, [], res);

  // Not there: a wildcard at the closest encloser may match (RFC 4592), else NXDOMAIN.
  let encloser = parentOf(qname);
  while (encloser !== zone.name && !zone.exists(encloser)) encloser = parentOf(encloser);
  const nextCloser = childToward(qname, encloser);
  const wildcard = `*.${encloser}`;
  if (zone.nodes.has(wildcard)) {
    res.denials.push({ zone, covers: nextCloser });
    return answerAt(views, zone, qname, wildcard, qtype, res, depth);
  }
  res.rcode = RCODE.NXDOMAIN;
  negative(zone, res);
  res.denials.push({ zone, covers: nextCloser }, { zone, covers: wildcard });
}

/** The highest delegation point (NS below the apex) at or above qname, if any. */
function delegationAbove(zone: ZoneView, qname: string, qtype: number): string | undefined {
  if (!zone.delegations.size || qname === zone.name) return undefined;
  for (let n = childToward(qname, zone.name); ; n = childToward(qname, n)) {
    // The parent side answers DS at the cut itself (RFC 4035 3.1.4.1).
    if (zone.delegations.has(n) && !(n === qname && qtype === TYPE.DS)) return n;
    if (n === qname) return undefined;
  }
}

function referral(zone: ZoneView, cut: string, res: Resolution): void {
  res.aa = false;
  const ns = rrsetOf(zone.nodes.get(cut), TYPE.NS!)!;
  res.authority.push({ owner: cut, rrset: ns });
  res.denials.push({ zone, owner: cut, types: zone.typesAt(cut) }); // proves there is no DS
  for (const target of ns.rdatas.map((rdata) => nameAt(rdata, 0))) {
    if (!isAtOrBelow(target, zone.name)) continue;
    for (const t of [TYPE.A!, TYPE.AAAA!]) {
      const glue = rrsetOf(zone.nodes.get(target), t);
      if (glue) res.additional.push({ owner: target, rrset: glue });
    }
  }
}

/** Answers at an existing node; `source` is the node (the wildcard when synthesising). */
function answerAt(
  views: ZoneFinder,
  zone: ZoneView,
  qname: string,
  source: string,
  qtype: number,
  res: Resolution,
  depth: number,
): void {
  const wildcard = source === qname ? undefined : source;
  const add = (rrset: RRset) => {
    res.answer.push({ owner: qname, rrset, signer: zone, ...(wildcard ? { wildcard } : {}) });
  };
  const node = zone.nodes.get(source);

  const cname = rrsetOf(node, TYPE.CNAME!);
  if (cname && qtype !== TYPE.CNAME) {
    add(cname);
    const target = nameAt(cname.rdatas[0]!, 0);
    const next = views.findZone(target);
    // Follow the chain through the zones we serve; the rcode is that of its last name (RFC 6604).
    // A zone switched off is still a dependency: the answer changes when it is switched on.
    const loops = res.answer.some((s) => s.owner === target && s.rrset.type === TYPE.CNAME);
    if (next && !next.active) addDep(res, next);
    else if (next && depth < MAX_CHAIN && !loops)
      lookup(views, next, target, qtype, res, depth + 1);
    return;
  }
  if (qtype === TYPE.ANY) {
    // RFC 8482: a small answer instead of every RRset at the name.
    return add({ type: TYPE.HINFO!, ttl: zone.ttl, rdatas: [hinfoRdata('RFC8482', '')] });
  }
  const rrset = zone.rrsetAt(source, qtype);
  if (rrset) return add(rrset);

  const aliased =
    node?.alias && (qtype === TYPE.A || qtype === TYPE.AAAA)
      ? aliasAnswer(views, node.alias, qtype, res, depth)
      : undefined;
  if (aliased) return add(aliased);
  nodata(zone, source, typesWithAlias(views, zone, source, res, depth), res);
}

/**
 * ALIAS: the A or AAAA of the target, when the target is in a zone we serve (following its
 * CNAMEs). A target elsewhere is not resolved (this server does no recursion): NODATA. An
 * ALIAS whose target is an ALIAS counts as a link of the chain, so a loop of them ends.
 */
function aliasAnswer(
  views: ZoneFinder,
  alias: { target: string; ttl: number },
  qtype: number,
  res: Resolution,
  depth: number,
): RRset | undefined {
  const zone = views.findZone(alias.target);
  if (zone) addDep(res, zone); // switched off or on, it changes the answer
  if (!zone?.active || depth >= MAX_CHAIN) return undefined;
  const inner = resolveInto(views, zone, alias.target, qtype, Math.max(depth + 1, MAX_CHAIN - 2));
  for (const dep of inner.deps) addDep(res, dep);
  const found = inner.answer.filter((s) => s.rrset.type === qtype);
  if (!found.length) return undefined;
  const rdatas = found.flatMap((s) => s.rrset.rdatas).sort(Buffer.compare);
  const ttl = Math.min(alias.ttl, ...found.map((s) => s.rrset.ttl));
  return { type: qtype, ttl, rdatas };
}

function resolveInto(
  views: ZoneFinder,
  zone: ZoneView,
  name: string,
  qtype: number,
  depth = MAX_CHAIN - 2,
): Resolution {
  const r = emptyResolution(RCODE.NOERROR, true);
  lookup(views, zone, name, qtype, r, depth);
  return r;
}

/** The types at `name` with A/AAAA when its ALIAS resolves; the target's zones become deps. */
function typesWithAlias(
  views: ZoneFinder,
  zone: ZoneView,
  name: string,
  res: Resolution,
  depth: number,
): number[] {
  const types = zone.typesAt(name);
  const alias = zone.nodes.get(name)?.alias;
  if (alias) {
    for (const t of [TYPE.A!, TYPE.AAAA!])
      if (aliasAnswer(views, alias, t, res, depth)) types.push(t);
  }
  return types;
}

function nodata(zone: ZoneView, owner: string, types: number[], res: Resolution): void {
  negative(zone, res);
  res.denials.push({ zone, owner, types });
}

function negative(zone: ZoneView, res: Resolution): void {
  const soa = zone.soa();
  res.authority.push({
    owner: zone.name,
    rrset: { ...soa, ttl: Math.min(soa.ttl, NEGATIVE_TTL) },
    signer: zone,
  });
}
