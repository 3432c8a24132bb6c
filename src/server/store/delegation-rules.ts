// What a delegation hides. NS records below the apex hand a name, and everything under it, to
// other servers: at and below that cut the zone serves only the NS records and the glue
// addresses (A, AAAA) a referral carries (RFC 1034 4.2.1, 4.3.2). Any other record there is
// accepted by nothing and answered never, so a write that would make one is refused, on the
// zone as the write leaves it.
import { sql } from 'kysely';
import type { Trx } from './group-commit';
import { chunks, splitKey, type States, type ValuesAtName } from './journal';
import type { ZoneRow } from './zones';

const GLUE = new Set(['A', 'AAAA']);

export interface DelegationProblem {
  /** The RRset of the write the rule refuses (an rrsetKey). */
  key: string;
  message: string;
}

/** The names strictly between `name` and the apex, nearest the apex first. */
function ancestorsBelowApex(name: string, apex: string): string[] {
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
 * The stored RRsets other than glue at or below any of `names`: one query per name for a few
 * (the index finds the name; LIKE the names under it), the zone's whole list for many.
 */
async function storedBelow(trx: Trx, zoneId: string, names: string[]) {
  if (!names.length) return [];
  const q = trx
    .selectFrom('rrsets')
    .select(['name', 'type'])
    .where('zone_id', '=', zoneId)
    .where('type', 'not in', ['A', 'AAAA']);
  if (names.length > 8) return q.execute();
  const out: { name: string; type: string }[] = [];
  for (const name of names) {
    const pattern = `%.${likeLiteral(name)}`;
    out.push(
      ...(await q
        .where((eb) =>
          eb.or([
            eb('name', '=', name),
            eb(sql<string>`name`, 'like', sql<string>`${pattern} escape '\\'`),
          ]),
        )
        .execute()),
    );
  }
  return out;
}

/** `%` and `_` written literally in a LIKE pattern (names may hold an underscore). */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Names whose every stored value the caller has read already (readStatesAtNames). */
export interface KnownNames {
  names: ReadonlySet<string>;
  atName: ValuesAtName;
}

/**
 * The RRsets `after` writes (non-null states) that a delegation would hide, or NS RRsets that
 * would hide data already at or below their name; `after` overlays what the zone stores.
 * Whether a `known` name holds NS is taken from what the caller read, not asked again.
 */
export async function delegationProblems(
  trx: Trx,
  zone: ZoneRow,
  after: States,
  known?: KnownNames,
): Promise<DelegationProblem[]> {
  const apex = `${zone.name}.`;
  const written = [...after]
    .filter(([, s]) => s !== null && s.values.length > 0)
    .map(([key]) => ({ key, ...splitKey(key) }))
    .filter((w) => w.name !== apex);
  if (!written.length) return [];
  const present = (name: string, type: string, stored: boolean) => {
    const s = after.get(`${name}\0${type}`);
    return s === undefined ? stored : s !== null && s.values.length > 0;
  };
  const problems: DelegationProblem[] = [];

  // The cuts above each written RRset: NS at an ancestor, or at its own name for other than glue.
  const candidates = new Set<string>();
  for (const w of written) {
    for (const a of ancestorsBelowApex(w.name, apex)) candidates.add(a);
    if (!GLUE.has(w.type) && w.type !== 'NS') candidates.add(w.name);
  }
  const storedNs = new Set<string>();
  const unknown: string[] = [];
  for (const name of candidates) {
    if (!known?.names.has(name)) unknown.push(name);
    else if (known.atName.get(name)?.some((v) => v.type === 'NS')) storedNs.add(name);
  }
  for (const part of chunks(unknown)) {
    const rows = await trx
      .selectFrom('rrsets')
      .select('name')
      .where('zone_id', '=', zone.id)
      .where('type', '=', 'NS')
      .where('name', 'in', part)
      .execute();
    for (const r of rows) storedNs.add(r.name);
  }
  const isCut = (name: string) => present(name, 'NS', storedNs.has(name));
  for (const w of written) {
    const cut = ancestorsBelowApex(w.name, apex).find(isCut);
    if (cut && !GLUE.has(w.type)) {
      problems.push({
        key: w.key,
        message: `${w.name} lies below ${cut}, which is delegated (it has NS records): only glue addresses (A, AAAA) are served below a delegation, so this ${w.type} record would never be answered. Create it in the zone ${cut} is delegated to.`,
      });
    } else if (!GLUE.has(w.type) && w.type !== 'NS' && isCut(w.name)) {
      problems.push({
        key: w.key,
        message: `${w.name} is delegated (it has NS records): only its NS records and glue addresses (A, AAAA) are served there, so this ${w.type} record would never be answered. Create it in the zone ${w.name} is delegated to.`,
      });
    }
  }

  // A new cut hides what is already at or below its name.
  const cuts = written.filter((w) => w.type === 'NS' && !problems.some((p) => p.key === w.key));
  const stored = await storedBelow(
    trx,
    zone.id,
    cuts.map((c) => c.name),
  );
  const writtenRRsets = [...after]
    .filter(([, s]) => s !== null && s.values.length > 0)
    .map(([key]) => splitKey(key));
  for (const w of cuts) {
    if (w.name.startsWith('*.')) {
      problems.push({
        key: w.key,
        message: `NS records at the wildcard name ${w.name} would delegate every name the zone does not hold (RFC 4592 4.2 advises against it); delegate each subdomain by its own name.`,
      });
      continue;
    }
    const atOrBelow = (r: { name: string }) => r.name === w.name || r.name.endsWith(`.${w.name}`);
    const hidden = [
      ...stored.filter((r) => atOrBelow(r) && present(r.name, r.type, true)),
      ...writtenRRsets.filter(atOrBelow),
    ].find((r) => !GLUE.has(r.type) && !(r.name === w.name && r.type === 'NS'));
    if (hidden) {
      problems.push({
        key: w.key,
        message: `NS records at ${w.name} would delegate it and hide the ${hidden.type} record at ${hidden.name}: at and below a delegation only NS records and glue addresses (A, AAAA) are served. Delete or move that record first.`,
      });
    }
  }
  return problems;
}
