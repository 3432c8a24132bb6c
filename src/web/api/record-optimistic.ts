// The list as it will be once a write is accepted: what the table shows while it is under way.
import type { DnsRecord } from '../../shared/api/records';
import type { RecordChange } from './record-change';
import { editRRset, type RecordList } from './record-list';

/** Ids of values still being created: shown as "Saving…" with no actions. */
export const PENDING_PREFIX = 'pending:';
let pendingCounter = 0;

/** The RRset's TTL and comment are one: a write through one value shows on every value. */
export function withRRsetFields(
  values: readonly DnsRecord[],
  r: DnsRecord,
  comment: boolean,
): DnsRecord[] {
  return values.map((x) => ({ ...x, ttl: r.ttl, ...(comment ? { comment: r.comment } : {}) }));
}

/** The list as it will be once the change is accepted (what the table shows meanwhile). */
export function applyOptimistic(
  list: RecordList,
  change: RecordChange,
): { list: RecordList; pendingId?: string } {
  switch (change.kind) {
    case 'create': {
      const { input } = change;
      const pendingId = `${PENDING_PREFIX}${++pendingCounter}`;
      const next = editRRset(list, input, (values) => {
        const record: DnsRecord = {
          id: pendingId,
          name: input.name,
          type: input.type,
          content: input.content,
          ttl: input.ttl,
          disabled: input.disabled,
          comment:
            input.comment === undefined ? (values[0]?.comment ?? null) : input.comment || null,
        };
        return withRRsetFields([...values, record], record, input.comment !== undefined);
      });
      return { list: next, pendingId };
    }
    case 'update': {
      const { current, input } = change;
      const next: DnsRecord = {
        ...current,
        content: input.content,
        ttl: input.ttl,
        disabled: input.disabled,
        comment: input.comment === undefined ? current.comment : input.comment || null,
      };
      return {
        list: editRRset(list, current, (values) =>
          withRRsetFields(
            values.map((x) => (x.id === current.id ? next : x)),
            next,
            input.comment !== undefined,
          ),
        ),
      };
    }
    case 'toggle':
      return {
        list: editRRset(list, change.current, (values) =>
          values.map((x) =>
            x.id === change.current.id ? { ...x, disabled: !change.current.disabled } : x,
          ),
        ),
      };
    case 'delete':
      return {
        list: editRRset(list, change.current, (values) =>
          values.filter((x) => x.id !== change.current.id),
        ),
      };
    case 'delete-rrset':
      return { list: editRRset(list, change, () => []) };
  }
}

/**
 * The accepted record in place of the one it replaces (the pending value of a create, or the
 * edited value, whose id is new when its content changed), with the RRset's TTL and comment.
 */
export function applyAccepted(
  list: RecordList,
  record: DnsRecord,
  replacedId: string | undefined,
): RecordList {
  return editRRset(list, record, (values) =>
    withRRsetFields(
      [...values.filter((x) => x.id !== replacedId && x.id !== record.id), record],
      record,
      true,
    ),
  );
}
