// What a delegation hides, as one rule for the service's writes and the dashboard's form. NS
// records below the apex hand a name, and everything under it, to other servers: at and below
// that cut the zone serves only the NS records and the glue addresses (A, AAAA) a referral
// carries (RFC 1034 4.2.1, 4.3.2). Any other record there is accepted by nothing and answered
// never, so a write that would make one is refused, on the zone as the write leaves it; so are
// NS records that would hide data already there, and NS records at a wildcard name.
//
// Pure: the caller says what the zone holds (the service from its store, read in the write's
// transaction; the dashboard from the records it has loaded), through `ZoneAfterWrite`.

/** The types a delegation keeps serving below its cut: the addresses of its name servers. */
export const GLUE_TYPES: ReadonlySet<string> = new Set(['A', 'AAAA']);

/** An RRset by owner and type; names absolute, with their final dot. */
export interface OwnedRRset {
  name: string;
  type: string;
}

/** The zone as the write leaves it, as far as the rule asks about it. */
export interface ZoneAfterWrite {
  /** Whether `name` holds NS records. */
  hasNs(name: string): boolean;
  /**
   * An RRset at or below `name` that NS records there would hide: any but glue, and but the NS
   * records at `name` itself; undefined when there is none.
   */
  hiddenBelow(name: string): OwnedRRset | undefined;
}

export type DelegationProblem =
  /** Written below a cut, and not glue. */
  | { kind: 'below-cut'; name: string; type: string; cut: string }
  /** Written at a cut, and neither glue nor NS. */
  | { kind: 'at-cut'; name: string; type: string }
  /** NS records at a wildcard name. */
  | { kind: 'wildcard-ns'; name: string }
  /** NS records that would hide what is at or below their name. */
  | { kind: 'hides'; name: string; hidden: OwnedRRset };

/** The names strictly between `name` and the apex, nearest the apex first. */
export function namesBelowApex(name: string, apex: string): string[] {
  const out: string[] = [];
  for (let n = name; ;) {
    const dot = n.indexOf('.');
    if (dot < 0 || dot === n.length - 1) break;
    n = n.slice(dot + 1);
    if (n === apex || !n.endsWith(`.${apex}`)) break;
    out.unshift(n);
  }
  return out;
}

/**
 * The names whose NS records the rule asks about for these written RRsets (what a caller reads
 * before asking, when reading costs a query).
 */
export function cutNamesToCheck(written: readonly OwnedRRset[], apex: string): Set<string> {
  const names = new Set<string>();
  for (const w of written) {
    if (w.name === apex) continue;
    for (const a of namesBelowApex(w.name, apex)) names.add(a);
    if (!GLUE_TYPES.has(w.type) && w.type !== 'NS') names.add(w.name);
  }
  return names;
}

/**
 * The NS records written at a name that pass `cutProblem`: the rule goes on to ask what they
 * would hide (`hidesProblem`).
 */
export const ASKS_WHAT_IT_HIDES = 'asks-what-it-hides';

/**
 * The part of the rule that needs only where the cuts are: what the cuts above and at `written`
 * make of it, and NS records at a wildcard name; `ASKS_WHAT_IT_HIDES` for NS records that pass.
 * A caller that pays for reading what lies below a name (the service) reads it only for those.
 */
export function cutProblem(
  written: OwnedRRset,
  apex: string,
  hasNs: ZoneAfterWrite['hasNs'],
): DelegationProblem | typeof ASKS_WHAT_IT_HIDES | null {
  const { name, type } = written;
  if (name === apex) return null;
  const glue = GLUE_TYPES.has(type);
  const cut = namesBelowApex(name, apex).find((n) => hasNs(n));
  if (cut && !glue) return { kind: 'below-cut', name, type, cut };
  if (!glue && type !== 'NS' && hasNs(name)) return { kind: 'at-cut', name, type };
  if (type !== 'NS' || cut) return null;
  if (name.startsWith('*.')) return { kind: 'wildcard-ns', name };
  return ASKS_WHAT_IT_HIDES;
}

/** What NS records at `name` make of `hidden`, the RRset they would hide (if any). */
export function hidesProblem(
  name: string,
  hidden: OwnedRRset | undefined,
): DelegationProblem | null {
  return hidden ? { kind: 'hides', name, hidden } : null;
}

/**
 * What a delegation makes of an RRset the write leaves with values (`written`), in the zone of
 * `apex` (absolute, with its final dot); null when nothing. The apex is never a cut: its NS
 * records are the zone's own.
 */
export function delegationProblem(
  written: OwnedRRset,
  apex: string,
  zone: ZoneAfterWrite,
): DelegationProblem | null {
  const step = cutProblem(written, apex, zone.hasNs);
  if (step !== ASKS_WHAT_IT_HIDES) return step;
  return hidesProblem(written.name, zone.hiddenBelow(written.name));
}

/**
 * What is wrong and how to put it right, in words. `show` writes a name as the reader knows it
 * (the service: absolute, with its final dot).
 */
export function delegationMessage(
  p: DelegationProblem,
  show: (name: string) => string = (n) => n,
): string {
  const name = show(p.name);
  switch (p.kind) {
    case 'below-cut': {
      const cut = show(p.cut);
      return `${name} lies below ${cut}, which is delegated (it has NS records): only glue addresses (A, AAAA) are served below a delegation, so this ${p.type} record would never be answered. Create it in the zone ${cut} is delegated to, or delete the NS records of ${cut} to end the delegation.`;
    }
    case 'at-cut':
      return `${name} is delegated (it has NS records): only its NS records and glue addresses (A, AAAA) are served there, so this ${p.type} record would never be answered. Create it in the zone ${name} is delegated to, or delete the NS records of ${name} to end the delegation.`;
    case 'wildcard-ns':
      return `NS records at the wildcard name ${name} would delegate every name the zone does not hold (RFC 4592 4.2 advises against it); delegate each subdomain by its own name.`;
    case 'hides':
      return `NS records at ${name} would delegate it and hide the ${p.hidden.type} record at ${show(p.hidden.name)}: at and below a delegation only NS records and glue addresses (A, AAAA) are served. Delete or move that record first.`;
  }
}

/**
 * The zone as a list of its records shows it: what the dashboard knows. One RRset being written
 * need not be in the list, since the rule never asks about it: not whether its own name holds NS
 * when it is NS, and never as what it would hide. Indexes the NS names once; `hiddenBelow` reads
 * the list through for each NS name asked about.
 */
export function zoneFromRecords(records: readonly OwnedRRset[]): ZoneAfterWrite {
  const ns = new Set(records.filter((r) => r.type === 'NS').map((r) => r.name));
  return {
    hasNs: (name) => ns.has(name),
    hiddenBelow: (name) =>
      records.find(
        (r) =>
          (r.name === name || r.name.endsWith(`.${name}`)) &&
          !GLUE_TYPES.has(r.type) &&
          !(r.name === name && r.type === 'NS'),
      ),
  };
}
