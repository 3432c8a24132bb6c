// What a delegation hides, on the service's writes: the rule is src/shared/dns/delegation.ts
// (the dashboard's form asks it too); this module reads from the store, in the write's
// transaction, what the rule asks about the zone as the write leaves it, and no more: whether
// the names the rule may treat as cuts hold NS, and what lies below the names of NS records only
// when the rule goes on to ask what they would hide.
import { sql } from 'kysely';
import {
  ASKS_WHAT_IT_HIDES,
  cutNamesToCheck,
  cutProblem,
  delegationMessage,
  GLUE_TYPES,
  hidesProblem,
  zoneFromRecords,
  type DelegationProblem,
} from '../../shared/dns/delegation';
import type { Trx } from './group-commit';
import { chunks, splitKey, type States, type ValuesAtName } from './journal';
import type { ZoneRow } from './zones';

export interface DelegationRefusal {
  /** The RRset of the write the rule refuses (an rrsetKey). */
  key: string;
  message: string;
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
    .where('type', 'not in', [...GLUE_TYPES]);
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
): Promise<DelegationRefusal[]> {
  const apex = `${zone.name}.`;
  const withValues = [...after]
    .filter(([, s]) => s !== null && s.values.length > 0)
    .map(([key]) => ({ key, ...splitKey(key) }));
  const written = withValues.filter((w) => w.name !== apex);
  if (!written.length) return [];
  const present = (name: string, type: string, stored: boolean) => {
    const s = after.get(`${name}\0${type}`);
    return s === undefined ? stored : s !== null && s.values.length > 0;
  };

  // Whether each name the rule may take for a cut holds NS: from what the caller read, else asked.
  const storedNs = new Set<string>();
  const unknown: string[] = [];
  for (const name of cutNamesToCheck(written, apex)) {
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
  const hasNs = (name: string) => present(name, 'NS', storedNs.has(name));
  const refusal = (key: string, p: DelegationProblem) => ({
    key,
    message: delegationMessage(p),
  });

  const problems: DelegationRefusal[] = [];
  const cuts: typeof written = [];
  for (const w of written) {
    const step = cutProblem(w, apex, hasNs);
    if (step === ASKS_WHAT_IT_HIDES) cuts.push(w);
    else if (step) problems.push(refusal(w.key, step));
  }
  if (!cuts.length) return problems;

  // What the new cuts would hide: stored RRsets the write leaves in place, then written ones.
  const stored = await storedBelow(
    trx,
    zone.id,
    cuts.map((c) => c.name),
  );
  const below = zoneFromRecords([
    ...stored.filter((r) => present(r.name, r.type, true)),
    ...withValues.map(({ name, type }) => ({ name, type })),
  ]);
  for (const w of cuts) {
    const p = hidesProblem(w.name, below.hiddenBelow(w.name));
    if (p) problems.push(refusal(w.key, p));
  }
  return problems;
}
