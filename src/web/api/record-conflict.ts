// A record write refused because what the user saw is no longer stored (ADR 0028): someone
// changed it meanwhile (412, with what is stored now) or deleted it (404). Read from the error,
// and put into the list, so that the table shows what is stored even before it is read again.
import { z } from 'zod';
import type { DnsRecord } from '../../shared/api/records';
import { isApiError } from './api-error';
import type { RecordChange } from './record-change';
import { editRRset, type RecordList } from './record-list';
import { applyAccepted } from './record-optimistic';
import { storedRecordsParser } from './record-parsers';

export interface StaleWrite {
  /** The version stored now: a write over the other change sends it as If-Match. */
  version: string;
  /** The record (or every value of the RRset) as stored now. */
  records: DnsRecord[];
}

const staleDetails = z.object({ version: z.string().min(1), records: storedRecordsParser });

/** The other change a 412 precondition_failed reports; null for any other error. */
export function staleWriteOf(error: unknown): StaleWrite | null {
  if (!isApiError(error) || error.status !== 412 || error.code !== 'precondition_failed') {
    return null;
  }
  const parsed = staleDetails.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

/** The record (or RRset) the write names no longer exists: deleted, or its value changed. */
export const isRecordGone = (error: unknown): boolean =>
  isApiError(error) && error.status === 404 && error.code === 'record_not_found';

/**
 * The list with what the refusal of `change` says is stored now; the list unchanged for other
 * errors. Applied after the change's own optimistic edit was undone.
 */
export function applyRefusal(list: RecordList, change: RecordChange, error: unknown): RecordList {
  if (change.kind === 'create') return list;
  const stale = staleWriteOf(error);
  if (stale) {
    if (change.kind === 'delete-rrset') return editRRset(list, change, () => stale.records);
    const [now] = stale.records;
    return now ? applyAccepted(list, now, change.current.id) : list;
  }
  if (!isRecordGone(error)) return list;
  if (change.kind === 'delete-rrset') return editRRset(list, change, () => []);
  const gone = change.current.id;
  return editRRset(list, change.current, (values) => values.filter((v) => v.id !== gone));
}
