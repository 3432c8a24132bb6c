// Writes whole RRset states (a batch's result, a revert's target) after judging them as the
// single-record routes judge one value: on the zone's final state, not step by step.
import type { RRsetState } from '../../shared/api/changes';
import type { RecordType } from '../../shared/dns/records';
import { rrsetProblem } from '../../shared/dns/rrset-rules';
import type { Trx } from './group-commit';
import type { RecordsTable, RrsetsTable } from './schema';
import { nowIso, recordId } from './ids';
import { chunks, sameState, splitKey, type States, type ValuesAtName } from './journal';
import { checkRecordQuotaFor, rrsetSizeProblem } from './record-limits';
import type { RecordLimits, RecordLimitError } from './record-limits';
import { RecordConflict } from './record-writes';
import { delegationProblems } from './delegation-rules';
import { sameValue } from '../../shared/dns/zone-file';
import type { ZoneRow } from './zones';
import { STEP_ITEMS } from '../../shared/steps';
import { noPace, type Pace } from '../slices';

/** A final state the rules refuse, with the RRset it is about (the batch names its operation). */
export class RRsetRefused extends Error {
  constructor(
    readonly key: string,
    readonly refusal: RecordConflict | RecordLimitError,
  ) {
    super(refusal.message);
  }
}

/**
 * Each RRset of `after` whose final state breaks a rule of the single-record writes: what may
 * share a name (CNAME, ALIAS, single-value types), then the RRset's size. `stored` is what the
 * zone holds at the touched names, when the caller has already read it.
 */
export async function finalStateProblems(
  trx: Trx,
  zone: ZoneRow,
  before: States,
  after: States,
  stored?: ValuesAtName,
  pace: Pace = noPace,
): Promise<RRsetRefused[]> {
  const changed: [string, RRsetState][] = [];
  let i = 0;
  for (const entry of after) {
    if (++i % STEP_ITEMS === 0) await pace();
    if (!sameState(before.get(entry[0]) ?? null, entry[1])) changed.push(entry);
  }
  const names = [...new Set(changed.map(([k]) => splitKey(k).name))];
  const stillThere = (r: { type: string }, name: string) => !after.has(`${name}\0${r.type}`);
  // Every value at each touched name in the final state: stored ones of untouched types, plus
  // the touched RRsets as they will be.
  const atName: ValuesAtName = new Map();
  if (stored) {
    for (const name of names) {
      const kept = (stored.get(name) ?? []).filter((r) => stillThere(r, name));
      if (kept.length) atName.set(name, kept);
    }
  } else {
    for (const part of chunks(names)) {
      const rows = await trx
        .selectFrom('records')
        .select(['name', 'type', 'content'])
        .where('zone_id', '=', zone.id)
        .where('name', 'in', part)
        .execute();
      for (const r of rows) {
        if (!stillThere(r, r.name)) continue;
        atName.set(r.name, [...(atName.get(r.name) ?? []), { type: r.type, content: r.content }]);
      }
    }
  }
  const touched = new Set(names);
  for (const [key, s] of after) {
    if (++i % STEP_ITEMS === 0) await pace();
    const { name, type } = splitKey(key);
    if (!touched.has(name)) continue;
    const list = atName.get(name) ?? [];
    for (const v of s?.values ?? []) list.push({ type, content: v.content });
    atName.set(name, list);
  }
  const problems: RRsetRefused[] = [];
  for (const [key, s] of changed) {
    if (++i % STEP_ITEMS === 0) await pace();
    const first = s?.values[0];
    if (!s || !first) continue;
    const { name, type } = splitKey(key);
    // The value's own spellings are left out: an RRset stored with two spellings of one TXT
    // value (before writes refused the second) may still be edited whole; it is served once.
    const others = (atName.get(name) ?? []).filter(
      (o) => !(o.type === type && sameValue(type, o.content, first.content)),
    );
    const problem = rrsetProblem({
      type: type as RecordType,
      content: first.content,
      displayName: name,
      atApex: name === `${zone.name}.`,
      others,
    });
    if (problem) {
      const code = problem.code === 'cname_conflict' ? 'cname_conflict' : 'record_already_exists';
      problems.push(new RRsetRefused(key, new RecordConflict(code, problem.message)));
      continue;
    }
    const tooLarge = rrsetSizeProblem(
      name,
      type,
      s.values.map((v) => v.content),
    );
    if (tooLarge) problems.push(new RRsetRefused(key, tooLarge));
  }
  const changedAfter: States = new Map(changed);
  for (const p of await delegationProblems(trx, zone, changedAfter))
    problems.push(new RRsetRefused(p.key, new RecordConflict('delegation_conflict', p.message)));
  return problems;
}

/** The values `after` adds to the zone (negative when it removes more than it adds). */
export function addedValues(before: States, after: States): number {
  let added = 0;
  for (const [key, s] of after) added += (s?.values.length ?? 0) - valuesOf(before.get(key));
  return added;
}

/** Refuses final states that break a rule (the first, as RRsetRefused), then the record quota. */
export async function checkFinalStates(
  trx: Trx,
  zone: ZoneRow,
  before: States,
  after: States,
  limits: RecordLimits,
  pace: Pace = noPace,
) {
  const [first] = await finalStateProblems(trx, zone, before, after, undefined, pace);
  if (first) throw first;
  await checkRecordQuotaFor(trx, zone.id, addedValues(before, after), limits);
}

const valuesOf = (s: RRsetState | undefined) => s?.values.length ?? 0;

/** Makes each RRset of `after` hold exactly its state; `before` is what it holds now. */
export async function writeStates(
  trx: Trx,
  zone: ZoneRow,
  before: States,
  after: States,
  pace: Pace = noPace,
) {
  const now = nowIso();
  const upserts: RrsetsTable[] = [];
  const dropped: [string, string][] = [];
  const removeIds: string[] = [];
  const inserts: RecordsTable[] = [];
  const flips: Record<0 | 1, string[]> = { 0: [], 1: [] };
  let i = 0;
  for (const [key, s] of after) {
    if (++i % STEP_ITEMS === 0) await pace();
    const b = before.get(key) ?? null;
    if (sameState(b, s)) continue;
    const { name, type } = splitKey(key);
    const was = new Map((b?.values ?? []).map((v) => [v.content, v.disabled]));
    for (const v of s?.values ?? []) {
      const id = recordId(zone.id, name, type, v.content);
      const old = was.get(v.content);
      const disabled = v.disabled ? 1 : 0;
      if (old === undefined) {
        inserts.push({
          zone_id: zone.id,
          id,
          name,
          type,
          content: v.content,
          disabled,
          created_at: now,
          updated_at: now,
        });
      } else if (old !== v.disabled) flips[disabled].push(id);
      was.delete(v.content);
    }
    for (const content of was.keys()) removeIds.push(recordId(zone.id, name, type, content));
    if (s) upserts.push({ zone_id: zone.id, name, type, ttl: s.ttl, comment: s.comment });
    else dropped.push([name, type]);
  }
  for (const part of chunks(removeIds)) {
    await trx
      .deleteFrom('records')
      .where('zone_id', '=', zone.id)
      .where('id', 'in', part)
      .execute();
  }
  for (const d of [0, 1] as const) {
    for (const part of chunks(flips[d])) {
      await trx
        .updateTable('records')
        .set({ disabled: d, updated_at: now })
        .where('zone_id', '=', zone.id)
        .where('id', 'in', part)
        .execute();
      await pace();
    }
  }
  for (const part of chunks(dropped, 200)) {
    await trx
      .deleteFrom('rrsets')
      .where('zone_id', '=', zone.id)
      .where((eb) =>
        eb(
          eb.refTuple('name', 'type'),
          'in',
          part.map(([n, t]) => eb.tuple(n, t)),
        ),
      )
      .execute();
    await pace();
  }
  for (const part of chunks(upserts, 1000)) {
    await trx
      .insertInto('rrsets')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['zone_id', 'name', 'type']).doUpdateSet((eb) => ({
          ttl: eb.ref('excluded.ttl'),
          comment: eb.ref('excluded.comment'),
        })),
      )
      .execute();
    await pace();
  }
  for (const part of chunks(inserts, 1000)) {
    await trx.insertInto('records').values(part).execute();
    await pace();
  }
}
