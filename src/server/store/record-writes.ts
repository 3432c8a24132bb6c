// Writing records: every write is one transaction that also bumps the zone's SOA serial, and
// announces the RRsets it touched with the rows they now hold (announce.ts).
import { sql, type QueryCreator } from 'kysely';
import { dialectOf } from './dialect';
import type { RecordType } from '../../shared/dns/records';
import { rrsetProblem } from '../../shared/dns/rrset-rules';
import { sameValue } from '../../shared/dns/zone-file';
import { delegationProblems } from './delegation-rules';
import { anyVersion, checkExpected, type Expected } from './record-expect';
import { smallZoneWrite, zoneWrite } from './announce';
import type { Store } from './db';
import type { Trx } from './group-commit';
import { nowIso, recordId } from './ids';
import {
  byContent,
  diffStates,
  OPERATOR,
  readStates,
  readStatesAtNames,
  rrsetKey,
  type States,
  alongsideStatement,
  recordChangeAlongside,
  recordChangeWithSerial,
  rrsetsEvent,
  splitKey,
  type RRsetKey,
} from './journal';
import {
  checkRecordQuota,
  checkRecordQuotaOf,
  checkRRsetSize,
  checkRRsetSizeWith,
  type RecordLimits,
} from './record-limits';
import type { RecordRow } from './records';
import type { Database } from './schema';
import type { ZoneRow } from './zones';

/** A write the domain rules refused; the route turns it into a 409. */
export class RecordConflict extends Error {
  constructor(
    readonly code: 'record_already_exists' | 'cname_conflict' | 'delegation_conflict',
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface RecordWrite {
  name: string;
  type: string;
  content: string;
  ttl?: number | undefined;
  disabled?: boolean | undefined;
  /** undefined keeps the RRset's comment; null or "" removes it. */
  comment?: string | null | undefined;
}

/** Creates the RRset or updates its TTL and comment in one statement, returning what it now holds. */
function upsertRRsetQuery(trx: QueryCreator<Database>, zone: ZoneRow, w: RecordWrite) {
  const keepComment = w.comment === undefined;
  const comment = keepComment ? null : w.comment || null;
  return trx
    .insertInto('rrsets')
    .values({ zone_id: zone.id, name: w.name, type: w.type, ttl: w.ttl ?? zone.ttl, comment })
    .onConflict((oc) =>
      oc.columns(['zone_id', 'name', 'type']).doUpdateSet({
        ttl: w.ttl === undefined ? sql<number>`rrsets.ttl` : w.ttl,
        comment: keepComment ? sql<string | null>`rrsets.comment` : comment,
      }),
    )
    .returning(['ttl', 'comment']);
}

function upsertRRset(trx: Trx, zone: ZoneRow, w: RecordWrite) {
  return upsertRRsetQuery(trx, zone, w).executeTakeFirstOrThrow();
}

/** Creates the RRset with `set`'s TTL and comment, or gives them to the RRset there. */
function putRRset(
  q: QueryCreator<Database>,
  zoneId: string,
  w: { name: string; type: string },
  set: { ttl: number; comment: string | null },
) {
  return q
    .insertInto('rrsets')
    .values({ zone_id: zoneId, name: w.name, type: w.type, ...set })
    .onConflict((oc) => oc.columns(['zone_id', 'name', 'type']).doUpdateSet(set));
}

/** The RRset (created, or given its TTL and comment), the value, the serial and the journal row. */
const CREATE_ON_POSTGRES = alongsideStatement(
  ['name', 'type', 'ttl', 'comment', 'recordId', 'content', 'disabled', 'created_at', 'updated_at'],
  (q, m) => {
    // Markers stand for the values while the statement is built: their types are the columns'.
    const v = m as Record<keyof typeof m, never>;
    return q
      .with('rrset', (db) =>
        putRRset(db, v.zoneId, { name: v.name, type: v.type }, { ttl: v.ttl, comment: v.comment }),
      )
      .with('value', (db) =>
        db.insertInto('records').values({
          zone_id: v.zoneId,
          id: v.recordId,
          name: v.name,
          type: v.type,
          content: v.content,
          disabled: v.disabled,
          created_at: v.created_at,
          updated_at: v.updated_at,
        }),
      );
  },
);

/** Adds a value; refused (RecordLimitError) when its RRset would outgrow a DNS message or the zone its quota. */
export async function createRecord(
  store: Store,
  zone: ZoneRow,
  w: RecordWrite,
  limits: RecordLimits,
) {
  return smallZoneWrite(store, zone.id, async (trx) => {
    // One read gives the journal's "before", the RRset's size and the values at the name.
    const key = rrsetKey(w);
    const { states: before, atName } = await readStatesAtNames(trx, zone.id, [w]);
    const existing = before.get(key);
    const stored = existing?.values ?? [];
    // The order of the decisions: a 400 (the RRset's size) before a 409, the quota last: it only
    // matters for a write that would otherwise be made.
    checkRRsetSizeWith(
      w,
      stored.filter((v) => v.content !== w.content).map((v) => v.content),
    );
    // The same rules the dashboard checks before submitting, written once in src/shared.
    const problem = rrsetProblem({
      type: w.type as RecordType,
      content: w.content,
      displayName: w.name,
      atApex: w.name === `${zone.name}.`,
      others: atName.get(w.name) ?? [],
    });
    if (problem && problem.code !== 'invalid_record_name') {
      const code = problem.code === 'cname_conflict' ? 'cname_conflict' : 'record_already_exists';
      throw new RecordConflict(code, problem.message);
    }
    const [hidden] = await delegationProblems(
      trx,
      zone,
      new Map([
        [key, { ttl: 0, comment: null, values: [{ content: w.content, disabled: false }] }],
      ]),
      { names: new Set([w.name]), atName },
    );
    if (hidden) throw new RecordConflict('delegation_conflict', hidden.message);

    // The RRset after the write is known without reading it back: the values it held plus this
    // one, its TTL and comment as the write sets them or as they were (the zone's TTL for a new
    // RRset), and written as such.
    const set = {
      ttl: w.ttl ?? existing?.ttl ?? zone.ttl,
      comment: w.comment === undefined ? (existing?.comment ?? null) : w.comment || null,
    };
    const id = recordId(zone.id, w.name, w.type, w.content);
    const disabled = w.disabled ? 1 : 0;
    const now = nowIso();
    const value = {
      zone_id: zone.id,
      id,
      name: w.name,
      type: w.type,
      content: w.content,
      disabled,
      created_at: now,
      updated_at: now,
    };
    const row = { id, name: w.name, type: w.type, content: w.content, disabled, ...set };
    const values = [...stored, { content: w.content, disabled: Boolean(disabled) }];
    const after: States = new Map([[key, { ...set, values: values.sort(byContent) }]]);
    const summary = `Created ${w.type} ${w.name} ${w.content}`;
    if (dialectOf(trx) === 'sqlite') {
      await checkRecordQuota(trx, zone.id, limits);
      await putRRset(trx, zone.id, w, set).execute();
      await trx.insertInto('records').values(value).execute();
      return written(trx, store, zone, row, before, summary, after);
    }
    // PostgreSQL: the RRset, the value, the serial and the journal row in one statement, which
    // also reads the zone's record count from before it; a refusal by the quota rolls it all
    // back (ADR 0023).
    const { state, changeId, recordsBefore } = await recordChangeAlongside(
      trx,
      zone,
      recordsChange(store, summary, before, after),
      CREATE_ON_POSTGRES,
      { ...value, ...set, recordId: id },
    );
    checkRecordQuotaOf(recordsBefore, limits);
    return { result: row, event: rrsetsEvent(zone.id, state, after, { changeId }) };
  });
}

/** Replaces one value (a new content gives a new id) and sets the RRset's TTL and comment. */
export async function updateRecord(
  store: Store,
  zone: ZoneRow,
  current: RecordRow,
  w: RecordWrite,
  expected: Expected = anyVersion,
) {
  return smallZoneWrite(store, zone.id, async (trx) => {
    const before = await readStates(trx, zone.id, [current, w]);
    // What is stored now, not what the request's handler read before the transaction began.
    const [now] = checkExpected(zone.id, before, [current], expected);
    const was = now?.disabled ? 1 : 0;
    const id = recordId(zone.id, w.name, w.type, w.content);
    const disabled = w.disabled === undefined ? was : w.disabled ? 1 : 0;
    if (id !== current.id) {
      const clash = await trx
        .selectFrom('records')
        .select('id')
        .where('zone_id', '=', zone.id)
        .where('id', '=', id)
        .executeTakeFirst();
      // A TXT value may be stored in another spelling of the same strings.
      const respelled = before
        .get(rrsetKey(w))
        ?.values.find(
          (v) => v.content !== current.content && sameValue(w.type, v.content, w.content),
        );
      if (clash || respelled) {
        throw new RecordConflict(
          'record_already_exists',
          `${w.name} already has the ${w.type} record "${respelled?.content ?? w.content}".`,
        );
      }
      await checkRRsetSize(trx, zone.id, w, current.id);
      await trx
        .updateTable('records')
        .set({ id, content: w.content, disabled, updated_at: nowIso() })
        .where('zone_id', '=', zone.id)
        .where('id', '=', current.id)
        .execute();
    } else {
      await trx
        .updateTable('records')
        .set({ disabled, updated_at: nowIso() })
        .where('zone_id', '=', zone.id)
        .where('id', '=', id)
        .execute();
    }
    const rrset = await upsertRRset(trx, zone, w);
    const row = { id, name: w.name, type: w.type, content: w.content, disabled, ...rrset };
    const summary = updateSummary(before, { ...current, disabled: was }, w, disabled);
    return written(trx, store, zone, row, before, summary);
  });
}

/** History's line for an update: what it changed, "192.0.2.1 → 192.0.2.2, TTL 3600 → 300". */
function updateSummary(before: States, current: RecordRow, w: RecordWrite, disabled: number) {
  const was = before.get(rrsetKey(w));
  const parts = [w.content === current.content ? w.content : `${current.content} → ${w.content}`];
  if (w.ttl !== undefined && was && was.ttl !== w.ttl) parts.push(`TTL ${was.ttl} → ${w.ttl}`);
  if (disabled !== current.disabled) parts.push(disabled ? 'disabled' : 'enabled');
  if (w.comment !== undefined && (w.comment || null) !== (was?.comment ?? null))
    parts.push(w.comment ? 'comment set' : 'comment removed');
  return `Updated ${w.type} ${w.name} ${parts.join(', ')}`;
}

/**
 * The end of every record write: the serial moves on, the change is journaled with the state of
 * the RRsets it touched before and after, and they are announced.
 */
async function written<T>(
  trx: Trx,
  store: Store,
  zone: ZoneRow,
  result: T,
  before: States,
  summary: string,
  known?: States,
) {
  const keys: RRsetKey[] = [...before.keys()].map(splitKey);
  const after = known ?? (await readStates(trx, zone.id, keys));
  const change = recordsChange(store, summary, before, after);
  const { state, changeId } = await recordChangeWithSerial(trx, zone, change);
  return { result, event: rrsetsEvent(zone.id, state, after, { changeId }) };
}

/** The journal's record of a write to records, by the store's actor. */
function recordsChange(store: Store, summary: string, before: States, after: States) {
  const rrsets = diffStates(before, after);
  return { actor: store.actor ?? OPERATOR, kind: 'records' as const, summary, rrsets };
}

async function dropEmptyRRset(trx: Trx, zoneId: string, name: string, type: string) {
  const left = await trx
    .selectFrom('records')
    .select('id')
    .where('zone_id', '=', zoneId)
    .where('name', '=', name)
    .where('type', '=', type)
    .limit(1)
    .executeTakeFirst();
  if (!left) {
    await trx
      .deleteFrom('rrsets')
      .where('zone_id', '=', zoneId)
      .where('name', '=', name)
      .where('type', '=', type)
      .execute();
  }
}

export async function deleteRecords(
  store: Store,
  zone: ZoneRow,
  rows: readonly RecordRow[],
  expected: Expected = anyVersion,
): Promise<number> {
  if (!rows.length) return 0;
  // One RRset's values, or all of it: a small write (ADR 0033).
  const oneRRset = new Set(rows.map(rrsetKey)).size === 1;
  return (oneRRset ? smallZoneWrite : zoneWrite)(store, zone.id, async (trx) => {
    const before = await readStates(trx, zone.id, rows);
    // A whole RRset goes as it is now, values added since the route read it included.
    const current = checkExpected(zone.id, before, rows, expected);
    const targets = expected.scope === 'rrset' ? current : rows;
    const ids = targets.map((r) => r.id);
    const r = await trx
      .deleteFrom('records')
      .where('zone_id', '=', zone.id)
      .where('id', 'in', ids)
      .executeTakeFirst();
    const sets = new Map(targets.map((row) => [`${row.name}\0${row.type}`, row]));
    for (const row of sets.values()) await dropEmptyRRset(trx, zone.id, row.name, row.type);
    const n = Number(r.numDeletedRows);
    const first = targets[0]!;
    const summary =
      n === 1 ? `Deleted ${first.type} ${first.name} ${first.content}` : `Deleted ${n} records`;
    return written(trx, store, zone, n, before, summary);
  });
}
