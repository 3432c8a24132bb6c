// The batch write: many record operations, all or nothing, one change and one serial. The
// operations are played on the RRsets in memory, the final state judged by the single writes'
// rules (rrset-apply.ts), then written whole.
import type { RRsetDiff } from '../../shared/api/changes';
import { parseIfMatch } from '../../shared/api/versions';
import { zoneWrite } from './announce';
import type { Store } from './db';
import type { Trx } from './group-commit';
import { recordId } from './ids';
import {
  byContent,
  countValues,
  diffStatesSteps,
  OPERATOR,
  readStates,
  recordChangeWithSerial,
  rrsetKey,
  rrsetsEvent,
  splitKey,
  type States,
} from './journal';
import { checkRecordQuotaFor, RecordLimitError, type RecordLimits } from './record-limits';
import { RecordConflict, type RecordWrite } from './record-writes';
import { checkExpected, StaleWrite } from './record-expect';
import type { RecordRow } from './records';
import { addedValues, finalStateProblems, type RRsetRefused, writeStates } from './rrset-apply';
import type { ZoneRow } from './zones';
import { sameValue } from '../../shared/dns/zone-file';
import { inSlices, pacer } from '../slices';

/** One operation, its content canonical and its name absolute (the route resolved them). */
export type BatchOp =
  | { op: 'create'; write: RecordWrite }
  | { op: 'update'; id: string; write: RecordWrite; ifMatch?: string | undefined }
  | { op: 'delete'; id: string; ifMatch?: string | undefined };

/** Why an operation cannot be applied; the route answers with its status and code. */
export type BatchRefusal =
  | RecordConflict
  | StaleWrite
  | RecordLimitError
  | { status: 404; code: 'record_not_found'; message: string; details?: Record<string, unknown> }
  | { status: 400; code: 'record_mismatch'; message: string; details: Record<string, unknown> };

/** A refused batch; `index` names the operation (null: the batch as a whole, such as the quota). */
export class BatchRefused extends Error {
  constructor(
    readonly index: number | null,
    readonly refusal: BatchRefusal,
  ) {
    super(refusal.message);
  }
}

export interface BatchResult {
  dry_run: boolean;
  change_id: string | null;
  serial: number | null;
  counts: { added: number; changed: number; removed: number };
  rrsets: RRsetDiff[];
  settings: [];
  records: RecordRow[];
}

interface Working {
  ttl: number;
  comment: string | null;
  values: Map<string, boolean>;
}

async function loadById(trx: Trx, zoneId: string, ids: string[]) {
  const rows = new Map<string, { name: string; type: string; content: string }>();
  for (let i = 0; i < ids.length; i += 400) {
    const found = await trx
      .selectFrom('records')
      .select(['id', 'name', 'type', 'content'])
      .where('zone_id', '=', zoneId)
      .where('id', 'in', ids.slice(i, i + 400))
      .execute();
    for (const r of found) rows.set(r.id, r);
  }
  return rows;
}

const missing = (id: string) => ({
  status: 404 as const,
  code: 'record_not_found' as const,
  message: `Record ${id} does not exist in this zone (or an earlier operation of the batch removed or replaced it).`,
  details: { field: 'id' },
});

export async function applyBatch(
  store: Store,
  zone: ZoneRow,
  ops: readonly BatchOp[],
  opts: { dryRun: boolean; limits: RecordLimits },
): Promise<BatchResult> {
  return zoneWrite(store, zone.id, async (trx) => {
    const ids = [...new Set(ops.flatMap((o) => (o.op === 'create' ? [] : [o.id])))];
    const rows = await loadById(trx, zone.id, ids);
    const keys = ops.flatMap((o, i) => {
      if (o.op === 'create') return [o.write];
      const row = rows.get(o.id);
      if (!row) throw new BatchRefused(i, missing(o.id));
      return o.op === 'update' ? [row, o.write] : [row];
    });
    const before = await readStates(trx, zone.id, keys);
    // Versions are those of the records as they were before the batch, as the client saw them.
    ops.forEach((o, i) => {
      if (o.op === 'create' || o.ifMatch === undefined) return;
      const ifMatch = parseIfMatch(o.ifMatch);
      try {
        checkExpected(zone.id, before, [{ ...rows.get(o.id)!, id: o.id }], {
          ifMatch,
          scope: 'record',
        });
      } catch (e) {
        if (e instanceof StaleWrite) throw new BatchRefused(i, e);
        throw e;
      }
    });
    const work = new Map<string, Working | null>();
    for (const [k, s] of before) {
      work.set(k, s && { ...s, values: new Map(s.values.map((v) => [v.content, v.disabled])) });
    }
    const lastOp = new Map<string, number>();
    ops.forEach((o, i) => play(zone, o, i, rows, work, lastOp));

    const after: States = new Map();
    for (const [k, s] of work) {
      const values = s ? [...s.values].map(([content, disabled]) => ({ content, disabled })) : [];
      after.set(
        k,
        s && values.length
          ? { ttl: s.ttl, comment: s.comment, values: values.sort(byContent) }
          : null,
      );
    }
    // A batch of thousands is judged and written in slices, so that DNS answers meanwhile.
    const pace = pacer();
    // Two RRsets that may not share a name each break the rule: the one an operation made last
    // is the refused one (an A then a CNAME at one name: the CNAME, "already has an A record").
    const problems = await finalStateProblems(trx, zone, before, after, undefined, pace);
    const latest = problems.reduce<RRsetRefused | undefined>(
      (a, p) => (!a || (lastOp.get(p.key) ?? -1) > (lastOp.get(a.key) ?? -1) ? p : a),
      undefined,
    );
    if (latest) throw new BatchRefused(lastOp.get(latest.key) ?? null, latest.refusal);
    try {
      await checkRecordQuotaFor(trx, zone.id, addedValues(before, after), opts.limits);
    } catch (e) {
      if (e instanceof RecordLimitError) throw new BatchRefused(null, e);
      throw e;
    }
    const diffs = await inSlices(diffStatesSteps(before, after));
    const result: BatchResult = {
      dry_run: opts.dryRun,
      change_id: null,
      serial: null,
      counts: countValues(diffs),
      rrsets: diffs,
      settings: [],
      records: recordsOf(zone.id, after),
    };
    if (opts.dryRun) return { result, event: null };
    await writeStates(trx, zone, before, after, pace);
    const { state, changeId } = await recordChangeWithSerial(trx, zone, {
      actor: store.actor ?? OPERATOR,
      kind: 'batch',
      summary: batchSummary(ops),
      rrsets: diffs,
    });
    result.serial = state.serial;
    result.change_id = changeId;
    return {
      result,
      event: rrsetsEvent(zone.id, state, after, { changeId: result.change_id }),
    };
  });
}

/** Applies one operation to the RRsets in memory, or refuses it as the single routes would. */
function play(
  zone: ZoneRow,
  o: BatchOp,
  i: number,
  rows: Map<string, { name: string; type: string; content: string }>,
  work: Map<string, Working | null>,
  lastOp: Map<string, number>,
) {
  const exists = (name: string, type: string, content: string) =>
    new BatchRefused(
      i,
      new RecordConflict(
        'record_already_exists',
        `${name} already has the ${type} record "${content}".`,
      ),
    );
  if (o.op === 'create') {
    const w = o.write;
    const key = rrsetKey(w);
    let s = work.get(key) ?? null;
    if (!s) s = { ttl: w.ttl ?? zone.ttl, comment: w.comment || null, values: new Map() };
    else {
      if (w.ttl !== undefined) s.ttl = w.ttl;
      if (w.comment !== undefined) s.comment = w.comment || null;
    }
    const stored = storedAs(s, w.type, w.content);
    if (stored !== undefined) throw exists(w.name, w.type, stored);
    s.values.set(w.content, Boolean(w.disabled));
    work.set(key, s);
    lastOp.set(key, i);
    return;
  }
  const row = rows.get(o.id)!;
  const key = rrsetKey(row);
  const s = work.get(key);
  if (!s?.values.has(row.content)) throw new BatchRefused(i, missing(o.id));
  lastOp.set(key, i);
  if (o.op === 'delete') {
    s.values.delete(row.content);
    return;
  }
  const w = o.write;
  if (w.name !== row.name || w.type !== row.type) {
    throw new BatchRefused(i, {
      status: 400,
      code: 'record_mismatch',
      message: `Record ${o.id} is the ${row.type} record at ${row.name}; name and type must match it (to move a value, delete it and create a new record).`,
      details: { field: w.name !== row.name ? 'name' : 'type', name: row.name, type: row.type },
    });
  }
  const disabled = w.disabled ?? s.values.get(row.content) ?? false;
  if (w.content !== row.content) {
    const stored = storedAs(s, w.type, w.content);
    // Another value already served as this one; the value itself respelled is no duplicate.
    if (stored !== undefined && stored !== row.content) throw exists(w.name, w.type, stored);
    s.values.delete(row.content);
  }
  s.values.set(w.content, disabled);
  if (w.ttl !== undefined) s.ttl = w.ttl;
  if (w.comment !== undefined) s.comment = w.comment || null;
}

/** The value of `s` that is `content` on the wire, as it is written there; undefined: none. */
function storedAs(s: Working, type: string, content: string): string | undefined {
  if (s.values.has(content)) return content;
  if (type !== 'TXT') return undefined;
  for (const c of s.values.keys()) if (sameValue(type, c, content)) return c;
  return undefined;
}

function recordsOf(zoneId: string, states: States): RecordRow[] {
  const out: RecordRow[] = [];
  for (const [key, s] of states) {
    const { name, type } = splitKey(key);
    for (const v of s?.values ?? []) {
      const id = recordId(zoneId, name, type, v.content);
      out.push({
        id,
        name,
        type,
        content: v.content,
        disabled: v.disabled ? 1 : 0,
        ttl: s!.ttl,
        comment: s!.comment,
      });
    }
  }
  return out;
}

function batchSummary(ops: readonly BatchOp[]): string {
  const n = { create: 0, update: 0, delete: 0 };
  for (const o of ops) n[o.op]++;
  const parts = [
    n.create && `${n.create} created`,
    n.update && `${n.update} updated`,
    n.delete && `${n.delete} deleted`,
  ].filter(Boolean);
  return `Batch of ${ops.length} operation${ops.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}
