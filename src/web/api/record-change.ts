// What a write to a zone's records is: the one shape the form, the optimistic update, the route
// choice and the mutation share.
import type { DnsRecord } from '../../shared/api/records';
import { recordVersion, rrsetVersion } from '../../shared/api/versions';

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

/**
 * A write to existing records is made from what the user saw: `current` (or the RRset's
 * `values`), whose version goes in If-Match so that a change saved meanwhile by someone else is
 * refused (412) rather than overwritten. `version` replaces that version when the user chose to
 * write over a change they were shown (the 412's `details.version`).
 */
export type RecordChange =
  | { kind: 'create'; input: RecordInput }
  /** `rrsetSize` picks the route: by id for a lone value, by name with content= otherwise. */
  | { kind: 'update'; current: DnsRecord; input: RecordInput; rrsetSize: number; version?: string }
  | { kind: 'toggle'; current: DnsRecord; rrsetSize: number; version?: string }
  | { kind: 'delete'; current: DnsRecord; version?: string }
  | {
      kind: 'delete-rrset';
      name: string;
      type: string;
      /** Every value of the RRset, as the list held them when the user chose to delete. */
      values: readonly DnsRecord[];
      version?: string;
    };

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

/** The If-Match of a change: the version it was made from; none for a create. */
export function expectedVersion(change: RecordChange): string | undefined {
  switch (change.kind) {
    case 'create':
      return undefined;
    case 'delete-rrset':
      return change.version ?? rrsetVersion(change.values);
    default:
      return change.version ?? recordVersion(change.current);
  }
}

/** The stored records a change writes (none for a create): a second write waits for the first. */
export function changedRecordIds(change: RecordChange): string[] {
  switch (change.kind) {
    case 'create':
      return [];
    case 'delete-rrset':
      return change.values.map((v) => v.id);
    default:
      return [change.current.id];
  }
}
