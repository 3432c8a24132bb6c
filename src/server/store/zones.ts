// Zones: create, list, read, update, and the two-step delete (hide now, purge in the background).
// Every write but the purge announces itself (announce.ts); the purge only removes what a
// delete has hidden already.
import { lockZoneClaims, ZoneGone } from './dialect';
import { write, type Trx } from './group-commit';
import { sql } from 'kysely';
import type { ZoneState } from '../events';
import type { SettingDiff } from '../../shared/api/changes';
import { announcedWrite, zoneWrite } from './announce';
import { OPERATOR, recordChange } from './journal';
import type { ZonesTable } from './schema';
import type { Db, Store } from './db';
import { nowIso, randomId } from './ids';
import { reversedName } from './migrations';
import { StatementTemplate } from './statement-templates';
import { countLiveZones, findOverlap, type ZoneOverlap } from './zone-claims';

export type ZoneRow = ZonesTable;

/** SOA serial: seconds since the epoch, or one more than before when changes come faster. */
export function nextSerial(previous: number): number {
  return Math.max(previous + 1, Math.floor(Date.now() / 1000));
}

export class ZoneNameTaken extends Error {}

/** The name overlaps a live zone of another customer (see zone-claims.ts). */
export class ZoneOverlaps extends Error {
  constructor(readonly overlap: ZoneOverlap) {
    super(overlap.name);
  }
}

/** The customer already has `limit` live zones. */
export class ZoneQuotaReached extends Error {
  constructor(
    readonly limit: number,
    readonly used: number,
  ) {
    super(`zone quota ${limit} reached`);
  }
}

export async function createZone(
  store: Store,
  input: { customerId: string; name: string; region: string; ttl: number; quota?: number },
  /** More work in the same write, on the new zone (a zone file's import): all or nothing. */
  fill?: (trx: Trx, row: ZoneRow) => Promise<void>,
): Promise<ZoneRow> {
  const now = nowIso();
  const row: ZoneRow = {
    id: randomId('zone_'),
    customer_id: input.customerId,
    name: input.name,
    type: 'primary',
    region: input.region,
    ttl: input.ttl,
    status: 'active',
    dnssec_enabled: 0,
    dnssec_ds_removal_at: null,
    serial: nextSerial(0),
    created_at: now,
    updated_at: now,
    deleted_at: null,
    rname: reversedName(input.name),
  };
  try {
    await announcedWrite(store, async (trx) => {
      await lockZoneClaims(trx);
      const overlap = await findOverlap(trx, input.customerId, input.name);
      if (overlap) throw new ZoneOverlaps(overlap);
      if (input.quota !== undefined) {
        const used = await countLiveZones(trx, input.customerId);
        if (used >= input.quota) throw new ZoneQuotaReached(input.quota, used);
      }
      await trx.insertInto('zones').values(row).execute();
      // The first change of the journal: History starts with who made the zone, and a secondary
      // holding this first serial gets later changes by IXFR.
      await recordChange(trx, {
        zoneId: row.id,
        actor: store.actor ?? OPERATOR,
        kind: 'zone',
        summary: `Zone ${row.name} created`,
        serial: row.serial,
        rrsets: [],
        revertible: false,
      });
      if (fill) await fill(trx, row);
      return { result: null, event: { kind: 'zone', zoneId: row.id, zone: stateOf(row) } };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ZoneNameTaken(input.name);
    throw e;
  }
  return row;
}

function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** The customer's zone, unless deleted: read by every request on a zone, so built once. */
export async function getZone(
  db: Db,
  customerId: string,
  id: string,
): Promise<ZoneRow | undefined> {
  return (await ZONE_OF_CUSTOMER.run(db, { id, customerId })).rows[0];
}

const ZONE_OF_CUSTOMER = new StatementTemplate<ZoneRow, 'id' | 'customerId'>(
  ['id', 'customerId'],
  (db, m) =>
    db
      .selectFrom('zones')
      .selectAll()
      .where('id', '=', m.id)
      .where('customer_id', '=', m.customerId)
      .where('deleted_at', 'is', null),
);

/** `text` as a LIKE pattern that matches it anywhere, its %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of the customer's zones, sorted by name; with `filter.name`, only those whose name
 * contains it (lower case, as the names are stored), counted and paged within the filter. The
 * (customer_id, name) index narrows to the customer's zones, whose names are then compared: a
 * substring needs no more than that at the quota's 10,000 zones.
 */
export async function listZones(
  db: Db,
  customerId: string,
  limit: number,
  offset: number,
  filter: { name?: string } = {},
) {
  let base = db
    .selectFrom('zones')
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null);
  // ESCAPE spelled out: SQLite's LIKE has no escape character otherwise. Both dialects compare
  // the lower-case pattern with the lower-case names (SQLite's LIKE ignores ASCII case,
  // PostgreSQL's does not: the lower-case needle makes them agree).
  if (filter.name)
    base = base.where(
      sql<boolean>`${sql.ref('name')} like ${containsPattern(filter.name)} escape '\\'`,
    );
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function updateZone(
  store: Store,
  zone: ZoneRow,
  patch: { ttl?: number | undefined; status?: string | undefined },
): Promise<ZoneRow> {
  return zoneWrite(store, zone.id, async (trx) => {
    // The journal's "before" is the row as this transaction finds it, not the caller's copy.
    const current = await liveZoneRow(trx, zone.id);
    // updated_at always moves forward, even for two updates within one millisecond.
    const updatedAt = laterIso(nowIso(), current.updated_at);
    await trx
      .updateTable('zones')
      .set({
        ttl: patch.ttl ?? current.ttl,
        status: patch.status ?? current.status,
        updated_at: updatedAt,
      })
      .where('id', '=', zone.id)
      .execute();
    const settings = settingsDiff(current, {
      ...current,
      ttl: patch.ttl ?? current.ttl,
      status: patch.status ?? current.status,
    });
    // A save that changes nothing moves updated_at (the API's decisions) and nothing else: no
    // serial (secondaries would transfer the zone for nothing), no change in History.
    if (!settings.length) return { result: { ...current, updated_at: updatedAt }, event: null };
    const state = await bumpSerial(trx, zone);
    const row = await trx
      .selectFrom('zones')
      .selectAll()
      .where('id', '=', zone.id)
      .executeTakeFirstOrThrow();
    await recordChange(trx, {
      zoneId: zone.id,
      actor: store.actor ?? OPERATOR,
      kind: 'zone',
      summary: settings
        .map((d) => `${d.field === 'ttl' ? 'Default TTL' : 'Status'} ${d.before} → ${d.after}`)
        .join(', '),
      serial: state.serial,
      rrsets: [],
      settings,
    });
    return { result: row, event: { kind: 'zone', zoneId: zone.id, zone: stateOf(row) } };
  });
}

function settingsDiff(before: ZoneRow, after: ZoneRow): SettingDiff[] {
  const out: SettingDiff[] = [];
  if (before.ttl !== after.ttl) out.push({ field: 'ttl', before: before.ttl, after: after.ttl });
  if (before.status !== after.status)
    out.push({ field: 'status', before: before.status, after: after.status });
  return out;
}

/**
 * The zone's row as the write's transaction finds it (the zone locked): ZoneGone when the zone
 * was deleted since the request found it, as the serial step would say.
 */
export async function liveZoneRow(trx: Trx, zoneId: string): Promise<ZoneRow> {
  const row = await trx
    .selectFrom('zones')
    .selectAll()
    .where('id', '=', zoneId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new ZoneGone(zoneId);
  return row;
}

/**
 * Moves the SOA serial forward in one statement: to now (seconds since the epoch) or, when
 * changes come faster than one a second, to one more than before. Concurrent writes never share
 * a serial because the statement reads and writes the row under the write lock.
 */
export async function bumpSerial(trx: Trx, zone: { id: string }): Promise<ZoneState> {
  const state = await trx
    .updateTable('zones')
    .set({ serial: serialStep() })
    .where('id', '=', zone.id)
    .where('deleted_at', 'is', null)
    .returning(['serial', 'ttl', 'status'])
    .executeTakeFirst();
  if (!state) throw new ZoneGone(zone.id);
  return state;
}

/** The serial's next value, as `nextSerial` computes it, read and written in one statement. */
export function serialStep(now: number | string = Math.floor(Date.now() / 1000)) {
  return sql<number>`case when serial + 1 > ${now} then serial + 1 else ${now} end`;
}

/**
 * A new serial for what the journal does not record because no user changed anything: the
 * served zone changed all the same (signatures refreshed, an ALIAS target's addresses moved),
 * and secondaries must be told (their copy is only refreshed when the serial moves). Nothing
 * when the zone is gone. The zone event carries the new state to the DNS view and to NOTIFY.
 */
export async function newSerial(store: Store, zoneId: string): Promise<ZoneState | null> {
  return announcedWrite(store, async (trx) => {
    const state = await trx
      .updateTable('zones')
      .set({ serial: serialStep() })
      .where('id', '=', zoneId)
      .where('deleted_at', 'is', null)
      .returning(['serial', 'ttl', 'status'])
      .executeTakeFirst();
    return { result: state ?? null, event: state ? { kind: 'zone', zoneId, zone: state } : null };
  });
}

function stateOf(row: ZoneRow): ZoneState {
  return { serial: row.serial, ttl: row.ttl, status: row.status };
}

/** Step one of a delete: from this commit on the zone is invisible and its name is free. */
export async function markZoneDeleted(store: Store, zoneId: string): Promise<void> {
  await announcedWrite(store, async (trx) => {
    await trx.updateTable('zones').set({ deleted_at: nowIso() }).where('id', '=', zoneId).execute();
    return { result: undefined, event: { kind: 'deleted', zoneId } };
  });
}

function laterIso(now: string, previous: string): string {
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString();
}

const PURGE_BATCH = 5000;

/**
 * Step two: removes everything of deleted zones, in batches so that a 100,000-record zone
 * does not hold the write lock for long. Safe to run again after a crash at any point.
 */
export async function purgeDeletedZones(db: Db): Promise<number> {
  const doomed = await db
    .selectFrom('zones')
    .select('id')
    .where('deleted_at', 'is not', null)
    .execute();
  for (const { id } of doomed) {
    for (;;) {
      const r = await write(db, (trx) =>
        trx
          .deleteFrom('records')
          .where('zone_id', '=', id)
          .where('id', 'in', (eb) =>
            eb.selectFrom('records').select('id').where('zone_id', '=', id).limit(PURGE_BATCH),
          )
          .executeTakeFirst(),
      );
      if (Number(r.numDeletedRows) === 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await write(db, async (trx) => {
      await trx.deleteFrom('rrsets').where('zone_id', '=', id).execute();
      await trx.deleteFrom('dnssec_keys').where('zone_id', '=', id).execute();
      await trx.deleteFrom('usage_daily').where('zone_id', '=', id).execute();
      await trx.deleteFrom('usage_daily_outcomes').where('zone_id', '=', id).execute();
      await trx.deleteFrom('usage_hourly').where('zone_id', '=', id).execute();
      await trx.deleteFrom('changes').where('zone_id', '=', id).execute();
      await trx.deleteFrom('zones').where('id', '=', id).execute();
    });
  }
  return doomed.length;
}
