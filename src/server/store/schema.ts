// Table types for Kysely. Timestamps are ISO 8601 UTC strings; booleans are 0/1 integers
// (portable to PostgreSQL through the dialect's own mapping later).
import type { Generated } from 'kysely';

export interface CustomersTable {
  id: string;
  default_region: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  customer_id: string;
  key_hash: string;
  scopes: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

export interface ZonesTable {
  id: string;
  customer_id: string;
  name: string;
  type: string;
  region: string;
  ttl: number;
  status: string;
  dnssec_enabled: number;
  /** Since when the zone asks its parent to remove the DS (RFC 8078 delete CDS), or null. */
  dnssec_ds_removal_at: string | null;
  serial: number;
  created_at: string;
  updated_at: string;
  /** Set when a delete was accepted; the zone is then invisible and purged in the background. */
  deleted_at: string | null;
  /** The name with its labels reversed and a final dot ("com.example."): see zone-claims.ts. */
  rname: string;
}

export interface RrsetsTable {
  zone_id: string;
  name: string;
  type: string;
  ttl: number;
  comment: string | null;
}

export interface RecordsTable {
  zone_id: string;
  id: string;
  name: string;
  type: string;
  content: string;
  disabled: number;
  created_at: string;
  updated_at: string;
}

/** Kept by triggers on `records` (migration 0002); read for the per-zone quota. */
export interface ZoneRecordCountsTable {
  zone_id: string;
  records: number;
}

export interface DnssecKeysTable {
  id: string;
  zone_id: string;
  flags: number;
  algorithm: number;
  keytag: number;
  /** Raw public key (X || Y for ECDSA P-256), base64. */
  public_key: string;
  /** PKCS#8 DER, base64. Never leaves the server. */
  private_key: string;
  active: number;
  published: number;
  created_at: string;
}

export interface UsageDailyTable {
  zone_id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  qtype: string;
  count: number;
}

export interface UsageHourlyTable {
  zone_id: string;
  /** UTC hour, YYYY-MM-DDTHH. */
  hour: string;
  qtype: string;
  /** One of USAGE_OUTCOMES. */
  outcome: string;
  count: number;
}

export interface UsageDailyOutcomesTable {
  zone_id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** One of USAGE_OUTCOMES. */
  outcome: string;
  count: number;
}

export interface UsageTopNamesTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  zone_id: string;
  /** 'asked' or 'nxdomain'. */
  kind: string;
  /** The node whose sketch this is ('' on a single node; ADR 0021). */
  node: string;
  /** Lower-cased, without the trailing dot ('' is the root). */
  name: string;
  /** The sketch's count: at least the true count, at most `error` more. */
  count: number;
  error: number;
}

export interface UsageRrsetsDailyTable {
  zone_id: string;
  /** The RRset's owner as `rrsets.name` holds it (absolute, trailing dot). */
  name: string;
  type: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
}

export interface UsageRrsetsLastTable {
  zone_id: string;
  name: string;
  type: string;
  /** ISO 8601 UTC, to the millisecond. */
  last_queried_at: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface ChangesTable {
  seq: Generated<number>;
  /** chg_… */
  id: string;
  zone_id: string;
  created_at: string;
  kind: string;
  actor_key_id: string | null;
  actor_label: string | null;
  summary: string;
  serial: number;
  added: number;
  changed: number;
  removed: number;
  /** The change this one reverted. */
  reverts: string | null;
  revertible: number;
  /** JSON array of SettingDiff. */
  settings: string;
  /** JSON array of RRsetDiff, sorted by name then type. */
  rrsets: string;
}

export interface Database {
  customers: CustomersTable;
  api_keys: ApiKeysTable;
  zones: ZonesTable;
  rrsets: RrsetsTable;
  records: RecordsTable;
  zone_record_counts: ZoneRecordCountsTable;
  dnssec_keys: DnssecKeysTable;
  usage_daily: UsageDailyTable;
  usage_hourly: UsageHourlyTable;
  usage_daily_outcomes: UsageDailyOutcomesTable;
  usage_top_names: UsageTopNamesTable;
  usage_rrsets_daily: UsageRrsetsDailyTable;
  usage_rrsets_last: UsageRrsetsLastTable;
  meta: MetaTable;
  changes: ChangesTable;
}

export type { Generated };
