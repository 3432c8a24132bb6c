// What a write to a zone's records is: the one shape the form, the optimistic update, the route
// choice and the mutation share.
import type { DnsRecord } from '../../shared/api/records';

/** What a form sends: the absolute name (as the list holds it), content already canonical. */
export interface RecordInput {
  name: string;
  type: string;
  content: string;
  ttl: number;
  disabled: boolean;
  /** RRset-wide; null removes it, undefined keeps the RRset's comment. */
  comment?: string | null;
}

export type RecordChange =
  | { kind: 'create'; input: RecordInput }
  /** `rrsetSize` picks the route: by id for a lone value, by name with content= otherwise. */
  | { kind: 'update'; current: DnsRecord; input: RecordInput; rrsetSize: number }
  | { kind: 'toggle'; current: DnsRecord; rrsetSize: number }
  | { kind: 'delete'; current: DnsRecord }
  | { kind: 'delete-rrset'; name: string; type: string; count: number };

export interface RecordChangeResult {
  /** The record as it now is (create, update, toggle): its id is new when the content changed. */
  record: DnsRecord | null;
  message: string;
}

/** The RRset a change touches. */
export const changedRRset = (change: RecordChange): { name: string; type: string } =>
  change.kind === 'create'
    ? change.input
    : change.kind === 'delete-rrset'
      ? change
      : change.current;
