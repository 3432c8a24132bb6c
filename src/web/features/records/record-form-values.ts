// What the record form starts from: a record's values as the form holds them, and the key its
// draft is kept under.
import { parseRecordType } from '../../../shared/dns/records';
import { relativeName } from '../../../shared/dns/names';
import type { DnsRecord } from '../../api/records';
import type { RecordFormValues } from './record-form-schema';
import { disassemble, emptyStructured } from './structured';

export interface ZoneInfo {
  id: string;
  name: string;
  ttl: number;
}

/** The draft of an edit, of a new record, or of a new record copied from `fromId`. */
export const recordDraftId = (zoneId: string, recordId: string | null, fromId?: string) =>
  `record:${zoneId}:${recordId ?? (fromId ? `copy:${fromId}` : 'new')}`;

export function valuesOf(record: DnsRecord, zoneName: string): RecordFormValues {
  const type = parseRecordType(record.type) ?? 'TXT';
  const structured = disassemble(type, record.content);
  return {
    name: relativeName(record.name, zoneName),
    type,
    mode: structured ? 'fields' : 'raw',
    content: record.content,
    ...(structured ?? emptyStructured(type)),
    ttl: record.ttl,
    comment: record.comment ?? '',
    disabled: record.disabled,
  };
}
