// Records and RRsets. TTL and comment live on the RRset (one per name and type), values on
// records; every write is one transaction that also bumps the zone's SOA serial.
import { write, type Trx } from './group-commit';
import { sql } from 'kysely';
import type { RecordType } from '../../shared/dns/records';
import { rrsetProblem } from '../../shared/dns/rrset-rules';
import type { Db } from './db';
import { nowIso, recordId } from './ids';
import { pageStart } from './record-pages';
import { checkRecordQuota, checkRRsetSize, type RecordLimits } from './record-limits';
import { bumpSerial, type ZoneRow } from './zones';

export interface RecordRow {
  id: string;
  name: string;
  type: string;
  content: string;
  disabled: number;
  ttl: number;
  comment: string | null;
}

/** A write the domain rules refused; the route turns it into a 409. */
export class RecordConflict extends Error {
  constructor(
    readonly code: 'record_already_exists' | 'cname_conflict',
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

function selectRecords(db: Db | Trx, zoneId: string) {
  return db
    .selectFrom('records as r')
    .innerJoin('rrsets as s', (j) =>
      j
        .onRef('s.zone_id', '=', 'r.zone_id')
        .onRef('s.name', '=', 'r.name')
        .onRef('s.type', '=', 'r.type'),
    )
    .select(['r.id', 'r.name', 'r.type', 'r.content', 'r.disabled', 's.ttl', 's.comment'])
    .where('r.zone_id', '=', zoneId);
}

export async function listRecords(db: Db, zoneId: string, limit: number, offset: number) {
  const start = await pageStart(db, zoneId, offset);
  let q = selectRecords(db, zoneId);
  if (start.after) {
    const { name, type, content } = start.after;
    q = q.where((eb) =>
      eb(eb.refTuple('r.name', 'r.type', 'r.content'), '>', eb.tuple(name, type, content)),
    );
  }
  const rows = await q
    .orderBy('r.name')
    .orderBy('r.type')
    .orderBy('r.content')
    .limit(limit)
    .offset(start.skip)
    .execute();
  return { rows, total: start.total };
}

export async function getRecord(db: Db | Trx, zoneId: string, id: string) {
  return selectRecords(db, zoneId).where('r.id', '=', id).executeTakeFirst();
}

export async function getRRset(db: Db | Trx, zoneId: string, name: string, type: string) {
  return selectRecords(db, zoneId)
    .where('r.name', '=', name)
    .where('r.type', '=', type)
    .orderBy('r.content')
    .execute();
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

/** Creates the RRset or updates its TTL and comment in one statement; returns what it now holds. */
async function upsertRRset(trx: Trx, zone: ZoneRow, w: RecordWrite) {
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
    .returning(['ttl', 'comment'])
    .executeTakeFirstOrThrow();
}

/** Adds a value; refused (RecordLimitError) when its RRset would outgrow a DNS message or the zone its quota. */
export async function createRecord(db: Db, zone: ZoneRow, w: RecordWrite, limits: RecordLimits) {
  return write(db, async (trx) => {
    // The order of the decisions: a 400 (the RRset's size) before a 409, the quota last: it only
    // matters for a write that would otherwise be made.
    await checkRRsetSize(trx, zone.id, w);
    const atName = await trx
      .selectFrom('records')
      .select(['type', 'content'])
      .where('zone_id', '=', zone.id)
      .where('name', '=', w.name)
      .execute();
    // The same rules the dashboard checks before submitting, written once in src/shared.
    const problem = rrsetProblem({
      type: w.type as RecordType,
      content: w.content,
      displayName: w.name,
      atApex: w.name === `${zone.name}.`,
      others: atName,
    });
    if (problem && problem.code !== 'invalid_record_name') {
      const code = problem.code === 'cname_conflict' ? 'cname_conflict' : 'record_already_exists';
      throw new RecordConflict(code, problem.message);
    }
    await checkRecordQuota(trx, zone.id, limits);

    const rrset = await upsertRRset(trx, zone, w);
    const id = recordId(zone.id, w.name, w.type, w.content);
    const now = nowIso();
    await trx
      .insertInto('records')
      .values({
        zone_id: zone.id,
        id,
        name: w.name,
        type: w.type,
        content: w.content,
        disabled: w.disabled ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await bumpSerial(trx, zone);
    const row: RecordRow = {
      id,
      name: w.name,
      type: w.type,
      content: w.content,
      disabled: w.disabled ? 1 : 0,
      ...rrset,
    };
    return row;
  });
}

/** Replaces one value (a new content gives a new id) and sets the RRset's TTL and comment. */
export async function updateRecord(db: Db, zone: ZoneRow, current: RecordRow, w: RecordWrite) {
  return write(db, async (trx) => {
    const id = recordId(zone.id, w.name, w.type, w.content);
    const disabled = w.disabled === undefined ? current.disabled : w.disabled ? 1 : 0;
    if (id !== current.id) {
      const clash = await trx
        .selectFrom('records')
        .select('id')
        .where('zone_id', '=', zone.id)
        .where('id', '=', id)
        .executeTakeFirst();
      if (clash) {
        throw new RecordConflict(
          'record_already_exists',
          `${w.name} already has the ${w.type} record "${w.content}".`,
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
    await bumpSerial(trx, zone);
    const row: RecordRow = {
      id,
      name: w.name,
      type: w.type,
      content: w.content,
      disabled,
      ...rrset,
    };
    return row;
  });
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
  db: Db,
  zone: ZoneRow,
  rows: readonly RecordRow[],
): Promise<number> {
  if (!rows.length) return 0;
  return write(db, async (trx) => {
    const ids = rows.map((r) => r.id);
    const r = await trx
      .deleteFrom('records')
      .where('zone_id', '=', zone.id)
      .where('id', 'in', ids)
      .executeTakeFirst();
    const sets = new Map(rows.map((row) => [`${row.name}\0${row.type}`, row]));
    for (const row of sets.values()) await dropEmptyRRset(trx, zone.id, row.name, row.type);
    await bumpSerial(trx, zone);
    return Number(r.numDeletedRows);
  });
}
