// The limits a record write must stay within, checked inside the write's own transaction (the
// group commit runs writes one at a time), so two writes can never pass together what neither
// passes alone: the RRset must fit in one DNS message, the zone must be under its record quota.
import {
  nameWireBytes,
  RECORD_SPECS,
  rdataBytes,
  RR_FIXED,
  RRSET_MAX_BYTES,
  type RecordType,
} from '../../shared/dns/records';
import type { Db } from './db';
import type { Trx } from './group-commit';

/** A write refused by a limit; the route answers with `status` and `code`. */
export class RecordLimitError extends Error {
  constructor(
    readonly status: 400 | 403,
    readonly code: 'rrset_too_large' | 'quota_exceeded',
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface RecordLimits {
  /** QUOTA_RECORDS_PER_ZONE. */
  recordsPerZone: number;
}

/**
 * Records the zone holds now, from the count the triggers of migration 0003 keep. Counting the
 * rows instead costs in proportion to the zone: about 1 ms of SQLite's time per read of a
 * 10,000-record zone, measured (ADR 0026), 17 ms at 100,000.
 */
export async function zoneRecordCount(trx: Trx | Db, zoneId: string): Promise<number> {
  const row = await trx
    .selectFrom('zone_record_counts')
    .select('records')
    .where('zone_id', '=', zoneId)
    .executeTakeFirst();
  return row?.records ?? 0;
}

/** Refuses one more record in a zone that holds its quota already. */
export async function checkRecordQuota(trx: Trx, zoneId: string, limits: RecordLimits) {
  checkRecordQuotaOf(await zoneRecordCount(trx, zoneId), limits);
}

/** Refuses one more record in a zone that holds `used` records. */
export function checkRecordQuotaOf(used: number, limits: RecordLimits) {
  if (used < limits.recordsPerZone) return;
  throw new RecordLimitError(
    403,
    'quota_exceeded',
    `This zone holds ${used} records, its limit is ${limits.recordsPerZone}; delete records you no longer need, or ask the operator to raise QUOTA_RECORDS_PER_ZONE.`,
    { quota: 'records_per_zone', limit: limits.recordsPerZone, used },
  );
}

/**
 * Octets of one record in a message, owner name uncompressed, by the size rule the dashboard
 * uses too (shared/dns/records/size.ts; record-limits.test.ts proves it equals the wire length).
 */
function rrBytes(ownerBytes: number, type: RecordType, content: string) {
  const parsed = RECORD_SPECS[type].parse(content);
  // Stored and written values are canonical already; one that is not cannot be measured.
  if (!parsed.ok) throw new Error(`unparseable ${type} content: ${parsed.message}`);
  return ownerBytes + RR_FIXED + rdataBytes(type, parsed.value);
}

/**
 * Refuses a write after which the RRset at name/type would not fit in one DNS message. `content`
 * is the value written; `replacing` the id of the value it replaces (an update), if any.
 */
export async function checkRRsetSize(
  trx: Trx,
  zoneId: string,
  w: { name: string; type: string; content: string },
  replacing?: string,
) {
  let q = trx
    .selectFrom('records')
    .select('content')
    .where('zone_id', '=', zoneId)
    .where('name', '=', w.name)
    .where('type', '=', w.type)
    .where('content', '!=', w.content);
  if (replacing) q = q.where('id', '!=', replacing);
  const stored = await q.execute();
  checkRRsetSizeWith(
    w,
    stored.map((r) => r.content),
  );
}

/** checkRRsetSize with the RRset's other stored values already read (`stored`, `w.content` left out). */
export function checkRRsetSizeWith(
  w: { name: string; type: string; content: string },
  stored: readonly string[],
) {
  const type = w.type as RecordType;
  const owner = nameWireBytes(w.name);
  let bytes = rrBytes(owner, type, w.content);
  for (const content of stored) bytes += rrBytes(owner, type, content);
  if (bytes <= RRSET_MAX_BYTES) return;
  throw new RecordLimitError(
    400,
    'rrset_too_large',
    `The ${w.type} RRset at ${w.name} would take ${bytes} bytes with this value (${stored.length + 1} values), more than the ${RRSET_MAX_BYTES} bytes that fit in one DNS message; use fewer or shorter values, or spread them over other names.`,
    { field: 'content', max_bytes: RRSET_MAX_BYTES, rrset_bytes: bytes },
  );
}

/** The size of a whole RRset as a write would leave it: the refusal, or null when it fits. */
export function rrsetSizeProblem(
  name: string,
  type: string,
  contents: readonly string[],
): RecordLimitError | null {
  const owner = nameWireBytes(name);
  let bytes = 0;
  for (const c of contents) bytes += rrBytes(owner, type as RecordType, c);
  if (bytes <= RRSET_MAX_BYTES) return null;
  return new RecordLimitError(
    400,
    'rrset_too_large',
    `The ${type} RRset at ${name} would take ${bytes} bytes (${contents.length} values), more than the ${RRSET_MAX_BYTES} bytes that fit in one DNS message; use fewer or shorter values, or spread them over other names.`,
    { field: 'content', max_bytes: RRSET_MAX_BYTES, rrset_bytes: bytes },
  );
}

/** Refuses `added` more records in a zone when they would take it past its quota. */
export async function checkRecordQuotaFor(
  trx: Trx,
  zoneId: string,
  added: number,
  limits: RecordLimits,
) {
  if (added <= 0) return;
  const used = await zoneRecordCount(trx, zoneId);
  if (used + added <= limits.recordsPerZone) return;
  throw new RecordLimitError(
    403,
    'quota_exceeded',
    `This zone holds ${used} records and this write adds ${added}, past its limit of ${limits.recordsPerZone}; delete records you no longer need, or ask the operator to raise QUOTA_RECORDS_PER_ZONE.`,
    { quota: 'records_per_zone', limit: limits.recordsPerZone, used, adding: added },
  );
}
