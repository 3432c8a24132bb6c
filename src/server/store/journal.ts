// The change journal's write side (ADR 0011): RRset states read inside a write's transaction,
// their diff, and the change row written in that same transaction, so no write goes unrecorded.
import { sql, type QueryCreator } from 'kysely';
import type { ChangeKind, RRsetDiff, RRsetState, SettingDiff } from '../../shared/api/changes';
import type { RRsetChange, ZoneEvent, ZoneState } from '../events';
import { afterKey } from './record-pages';
import { dialectOf, ZoneGone } from './dialect';
import type { Trx } from './group-commit';
import type { Database } from './schema';
import { bumpSerial, serialStep } from './zones';
import { nowIso, randomId } from './ids';
import { StatementTemplate } from './statement-templates';
import { runSteps, STEP_ITEMS, type Steps } from '../../shared/steps';
import { noPace, type Pace } from '../slices';

/** Who made a change: the API key and its label; null fields for operator commands. */
export interface Actor {
  keyId: string | null;
  label: string | null;
}
export const OPERATOR: Actor = { keyId: null, label: null };

export interface RRsetKey {
  name: string;
  type: string;
}
export type NonNullState = NonNullable<RRsetState>;
/** RRset states by `rrsetKey`. */
export type States = Map<string, RRsetState>;

export const rrsetKey = (k: RRsetKey) => `${k.name}\0${k.type}`;
export function splitKey(key: string): RRsetKey {
  const [name = '', type = ''] = key.split('\0');
  return { name, type };
}

const CHUNK = 400;
/** Lists cut to the size an IN (…) of SQLite takes comfortably. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The current state of each RRset named (null where it does not exist), a few queries per 400 names. */
export async function readStates(
  trx: Trx,
  zoneId: string,
  keys: Iterable<RRsetKey>,
): Promise<States> {
  return (await readStatesAtNames(trx, zoneId, keys)).states;
}

/** Each stored value with its RRset's TTL and comment, at `names`. */
async function valueRows(trx: Trx, zoneId: string, names: string[]): Promise<ValueRow[]> {
  if (names.length === 1) return (await VALUES_AT_NAME.run(trx, { zoneId, name: names[0]! })).rows;
  return valueQuery(trx, zoneId).where('r.name', 'in', names).execute();
}

/** valueRows at one name (a single record's write): built once. */
const VALUES_AT_NAME = new StatementTemplate<ValueRow, 'zoneId' | 'name'>(
  ['zoneId', 'name'],
  (db, m) => valueQuery(db, m.zoneId).where('r.name', 'in', [m.name]),
);

function valueQuery(trx: QueryCreator<Database>, zoneId: string) {
  return trx
    .selectFrom('records as r')
    .innerJoin('rrsets as s', (j) =>
      j
        .onRef('s.zone_id', '=', 'r.zone_id')
        .onRef('s.name', '=', 'r.name')
        .onRef('s.type', '=', 'r.type'),
    )
    .select(['r.name', 'r.type', 'r.content', 'r.disabled', 's.ttl', 's.comment'])
    .where('r.zone_id', '=', zoneId);
}

type ValueRow = Awaited<ReturnType<ReturnType<typeof valueQuery>['execute']>>[number];
export type ValuesAtName = Map<string, { type: string; content: string }[]>;

/** Adds rows to `atName`, and to `states` those of its keys (every RRset with `all`). */
function collect(rows: ValueRow[], states: States, atName: ValuesAtName, all: boolean) {
  for (const r of rows) {
    let list = atName.get(r.name);
    if (!list) atName.set(r.name, (list = []));
    list.push({ type: r.type, content: r.content });
    const key = rrsetKey(r);
    if (!all && !states.has(key)) continue;
    let s = states.get(key);
    if (!s) states.set(key, (s = { ttl: r.ttl, comment: r.comment, values: [] }));
    s.values.push({ content: r.content, disabled: Boolean(r.disabled) });
  }
}

/**
 * readStates, and every value at the names of those RRsets whatever its type (what the rules
 * of what may share a name look at), from the same query.
 */
export async function readStatesAtNames(trx: Trx, zoneId: string, keys: Iterable<RRsetKey>) {
  const states: States = new Map();
  for (const k of keys) states.set(rrsetKey(k), null);
  const atName: ValuesAtName = new Map();
  const names = [...new Set([...states.keys()].map((k) => splitKey(k).name))];
  for (const part of chunks(names))
    collect(await valueRows(trx, zoneId, part), states, atName, false);
  for (const s of states.values()) s?.values.sort(byContent);
  return { states, atName };
}

/** The rows of readZoneStates' queries: a few milliseconds of work each. */
const ZONE_PAGE = 2000;

/**
 * Every RRset of the zone and every value by name, in pages in the index's order, with `pace`
 * between them (a 100,000-record zone is read in about half a second).
 */
export async function readZoneStates(trx: Trx, zoneId: string, pace: Pace = noPace) {
  const states: States = new Map();
  const atName: ValuesAtName = new Map();
  let last: ValueRow | undefined;
  for (;;) {
    let q = valueQuery(trx, zoneId);
    if (last) q = q.where(afterKey(last));
    const rows = await q
      .orderBy('r.name')
      .orderBy('r.type')
      .orderBy('r.content')
      .limit(ZONE_PAGE)
      .execute();
    collect(rows, states, atName, true);
    last = rows.at(-1);
    if (rows.length < ZONE_PAGE) break;
    await pace();
  }
  // Sorted as everywhere else (the database's collation may order the values otherwise).
  let i = 0;
  for (const s of states.values()) {
    s?.values.sort(byContent);
    if (++i % STEP_ITEMS === 0) await pace();
  }
  return { states, atName };
}

export const byContent = (a: { content: string }, b: { content: string }) =>
  a.content < b.content ? -1 : a.content > b.content ? 1 : 0;

export function sameState(a: RRsetState, b: RRsetState): boolean {
  if (!a || !b) return a === b;
  if (a.ttl !== b.ttl || a.comment !== b.comment || a.values.length !== b.values.length)
    return false;
  return a.values.every((v, i) => {
    const w = b.values[i];
    return w !== undefined && v.content === w.content && v.disabled === w.disabled;
  });
}

/** The RRsets whose state differs between `before` and `after` (keys of `after`), in key order. */
export function diffStates(before: States, after: States): RRsetDiff[] {
  return runSteps(diffStatesSteps(before, after));
}

export function* diffStatesSteps(before: States, after: States): Steps<RRsetDiff[]> {
  const out: { key: string; diff: RRsetDiff }[] = [];
  let i = 0;
  for (const [key, a] of after) {
    if (++i % STEP_ITEMS === 0) yield;
    const b = before.get(key) ?? null;
    if (!sameState(b, a)) out.push({ key, diff: { ...splitKey(key), before: b, after: a } });
  }
  // By the keys already made: a comparison that built two keys each time cost more than the rest.
  out.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  return out.map((o) => o.diff);
}

/** Values added, removed, or kept with another TTL, comment or disabled flag. */
export function countValues(diffs: readonly RRsetDiff[]) {
  let added = 0;
  let changed = 0;
  let removed = 0;
  for (const d of diffs) {
    const before = new Map((d.before?.values ?? []).map((v) => [v.content, v.disabled]));
    const setMoved = d.before?.ttl !== d.after?.ttl || d.before?.comment !== d.after?.comment;
    for (const v of d.after?.values ?? []) {
      const was = before.get(v.content);
      if (was === undefined) added++;
      else if (was !== v.disabled || setMoved) changed++;
      before.delete(v.content);
    }
    removed += before.size;
  }
  return { added, changed, removed };
}

export interface ChangeRecord {
  zoneId: string;
  actor: Actor;
  kind: ChangeKind;
  summary: string;
  serial: number;
  rrsets: readonly RRsetDiff[];
  settings?: readonly SettingDiff[];
  reverts?: string | null;
  revertible?: boolean;
}

/** The changes row of `c`, under a new id. */
function changeRow(c: Omit<ChangeRecord, 'serial'>) {
  return {
    id: randomId('chg_'),
    zone_id: c.zoneId,
    created_at: nowIso(),
    kind: c.kind,
    actor_key_id: c.actor.keyId,
    actor_label: c.actor.label,
    summary: c.summary,
    ...countValues(c.rrsets),
    reverts: c.reverts ?? null,
    revertible: c.revertible === false ? 0 : 1,
    settings: JSON.stringify(c.settings ?? []),
    rrsets: JSON.stringify(c.rrsets),
  };
}

/** Writes the change and its RRset diffs; returns the change's id. */
export async function recordChange(trx: Trx, c: ChangeRecord): Promise<string> {
  const row = changeRow(c);
  await trx
    .insertInto('changes')
    .values({ ...row, serial: c.serial })
    .execute();
  return row.id;
}

/**
 * Moves the zone's serial on (bumpSerial) and journals the change under the new serial. On
 * PostgreSQL one statement does both (a data-modifying CTE: one round trip less for every
 * write, which is what a write to a busy zone waits for, ADR 0023); SQLite runs the two.
 */
export async function recordChangeWithSerial(
  trx: Trx,
  zone: { id: string },
  c: Omit<ChangeRecord, 'serial' | 'zoneId'>,
): Promise<{ state: ZoneState; changeId: string }> {
  if (dialectOf(trx) === 'sqlite') {
    const state = await bumpSerial(trx, zone);
    const changeId = await recordChange(trx, { ...c, zoneId: zone.id, serial: state.serial });
    return { state, changeId };
  }
  const row = changeRow({ ...c, zoneId: zone.id });
  const state = await serialAndJournal(trx, zone.id, row)
    .select(['serial', 'ttl', 'status'])
    .executeTakeFirst();
  if (!state) throw new ZoneGone(zone.id);
  return { state, changeId: row.id };
}

/** The journal row's columns, each an argument of an alongside statement (`change_<column>`). */
const CHANGE_COLUMNS = [
  'id',
  'zone_id',
  'created_at',
  'kind',
  'actor_key_id',
  'actor_label',
  'summary',
  'added',
  'changed',
  'removed',
  'reverts',
  'revertible',
  'settings',
  'rrsets',
] as const;
type ChangeRow = ReturnType<typeof changeRow>;
type ChangeColumn = (typeof CHANGE_COLUMNS)[number];
// Every column of the row is one of them (a column added to changeRow must be added above).
const everyColumn: [Exclude<keyof ChangeRow, ChangeColumn>] extends [never] ? true : never = true;
void everyColumn;
type ChangeArg = `change_${ChangeColumn}`;
type AlongsideArg<Name extends string> = Name | 'zoneId' | 'epoch' | ChangeArg;

interface AlongsideRow {
  serial: number;
  ttl: number;
  status: string;
  used: number | null;
}

/**
 * PostgreSQL: a statement, built once (statement-templates.ts), of `writes` (data-modifying
 * CTEs, their own arguments named by `names`), the serial's step and the journal row, all or
 * nothing (a record create is one round trip, ADR 0023). It also reads the zone's record count
 * as it was before the statement (every part of it reads the same snapshot), for the quota: a
 * refusal then rolls the whole statement back. Nothing else in it reads what `writes` return.
 */
export function alongsideStatement<Name extends string>(
  names: readonly Name[],
  writes: (q: QueryCreator<Database>, m: Record<AlongsideArg<Name>, string>) => object,
) {
  const args: AlongsideArg<Name>[] = [
    ...names,
    'zoneId',
    'epoch',
    ...CHANGE_COLUMNS.map((c) => `change_${c}` as const),
  ];
  return new StatementTemplate<AlongsideRow, AlongsideArg<Name>>(args, (db, m) => {
    const row = Object.fromEntries(CHANGE_COLUMNS.map((c) => [c, m[`change_${c}`]]));
    return serialAndJournal(
      writes(db, m) as QueryCreator<Database>,
      m.zoneId,
      row as unknown as ChangeRow,
      m.epoch,
    ).select((eb) => [
      'serial',
      'ttl',
      'status',
      eb
        .selectFrom('zone_record_counts')
        .select('records')
        .where('zone_id', '=', m.zoneId)
        .as('used'),
    ]);
  });
}

/** Runs an alongsideStatement with `args`, journaling `c` as the write's change. */
export async function recordChangeAlongside<Name extends string>(
  trx: Trx,
  zone: { id: string },
  c: Omit<ChangeRecord, 'serial' | 'zoneId'>,
  statement: StatementTemplate<AlongsideRow, AlongsideArg<Name>>,
  args: Record<Name, unknown>,
): Promise<{ state: ZoneState; changeId: string; recordsBefore: number }> {
  const row = changeRow({ ...c, zoneId: zone.id });
  const change = Object.fromEntries(CHANGE_COLUMNS.map((col) => [`change_${col}`, row[col]]));
  const all = { ...args, ...change, zoneId: zone.id, epoch: Math.floor(Date.now() / 1000) };
  const [first] = (await statement.run(trx, all as Record<AlongsideArg<Name>, unknown>)).rows;
  if (!first) throw new ZoneGone(zone.id);
  const { used, ...state } = first;
  return { state, changeId: row.id, recordsBefore: used ?? 0 };
}

/** The serial's step (`bumped`, returning the zone's state) and the journal row under it. */
function serialAndJournal(
  q: QueryCreator<Database>,
  zoneId: string,
  row: ChangeRow,
  epoch?: number | string,
) {
  return q
    .with('bumped', (db) =>
      db
        .updateTable('zones')
        .set({ serial: serialStep(epoch) })
        .where('id', '=', zoneId)
        // A zone deleted since the request found it: no row, and the caller throws ZoneGone
        // (the statement's other writes are rolled back with the transaction).
        .where('deleted_at', 'is', null)
        .returning(['serial', 'ttl', 'status']),
    )
    .with('journaled', (db) =>
      db.insertInto('changes').values({
        ...row,
        // No serial when the zone is gone (no row bumped): 0 keeps the statement valid, and the
        // row is rolled back with the write, which throws ZoneGone.
        serial: sql<number>`coalesce((select serial from bumped), 0)`,
      }),
    )
    .selectFrom('bumped');
}

/** The DNS view's event for RRsets now in the states given (ADR 0010), with the journal's
 * change that made it (the change watch follows it). */
export function rrsetsEvent(
  zoneId: string,
  zone: ZoneState,
  states: States,
  journal?: { changeId: string | null; reverts?: string },
): ZoneEvent {
  const rrsets: RRsetChange[] = [];
  for (const [key, s] of states) {
    const rows = (s?.values ?? []).map((v) => ({ ...v, ttl: s?.ttl ?? 0 }));
    rrsets.push({ ...splitKey(key), rows });
  }
  return {
    kind: 'rrsets',
    zoneId,
    zone,
    rrsets,
    ...(journal?.changeId ? { changeId: journal.changeId } : {}),
    ...(journal?.reverts ? { reverts: journal.reverts } : {}),
  };
}
