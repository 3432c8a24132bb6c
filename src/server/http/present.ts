// Store rows to API objects.
import type { DnsRecord, Zone, ZoneListItem } from '../../shared/api';
import type { RecordRow } from '../store/records';
import type { ZoneRow } from '../store/zones';

export function presentZone(row: ZoneRow, nameservers: string[], recordCount?: number): Zone {
  const dnssec = Boolean(row.dnssec_enabled);
  return {
    id: row.id,
    customer_id: row.customer_id,
    name: row.name,
    type: 'primary',
    region: row.region,
    ttl: row.ttl,
    status: row.status,
    dnssec_enabled: dnssec,
    settings: { dnssec_enabled: dnssec },
    nameservers,
    ...(recordCount === undefined ? {} : { record_count: recordCount }),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentZoneListItem(row: ZoneRow): ZoneListItem {
  return {
    id: row.id,
    customer_id: row.customer_id,
    name: row.name,
    type: 'master', // as the spec shows list items
    region: row.region,
    status: row.status,
    settings: { dnssec_enabled: Boolean(row.dnssec_enabled) },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentRecord(row: RecordRow): DnsRecord {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    content: row.content,
    ttl: row.ttl,
    disabled: Boolean(row.disabled),
    comment: row.comment,
  };
}

/** The data of a record create or update: what was done, and the record as it now is. */
export function recordWritten(verb: 'Created' | 'Updated', row: RecordRow) {
  return { message: `${verb} ${row.type} record ${row.name}`, record: presentRecord(row) };
}

/** The paging figures of one page of a list. */
export function pageOf(q: { limit: number; offset: number }, total: number, count: number) {
  return { total, offset: q.offset, limit: q.limit, count, has_more: q.offset + count < total };
}
