// What a bulk action does to the selected records, worked out before anything is sent: the batch's
// operations, a line per operation for the preview (and for naming the record an error is about),
// and the counts the preview and the toast say. Every operation carries the version of its record
// as previewed (ADR 0028): a record someone changed since refuses the whole batch.
import type { BatchOperation } from '../../../shared/api/changes';
import { recordVersion } from '../../../shared/api/versions';
import type { DnsRecord } from '../../api/records';
import type { RRset } from './rrsets';

export type BulkAction =
  { kind: 'delete' } | { kind: 'ttl'; ttl: number } | { kind: 'disable' } | { kind: 'enable' };

export type BulkKind = BulkAction['kind'];

/** The selected values of one RRset, in list order. */
export interface SelectedSet {
  set: RRset;
  values: readonly DnsRecord[];
}

/** The selected values by RRset, in the list's order; ids no longer in the list are dropped. */
export function selectedSets(
  sets: readonly RRset[],
  selection: ReadonlySet<string>,
): SelectedSet[] {
  const out: SelectedSet[] = [];
  if (selection.size === 0) return out;
  for (const set of sets) {
    const values = set.values.filter((v) => selection.has(v.id));
    if (values.length) out.push({ set, values });
  }
  return out;
}

/** One operation as the preview shows it. */
export interface PlanLine {
  /** "www A 192.0.2.1" */
  label: string;
  /** "TTL 1 h → 5 min", "removed", "disabled". */
  change: string;
  /** The record as the preview saw it: what a refusal compares with what is stored now. */
  record: DnsRecord;
}

export interface BulkPlan {
  operations: BatchOperation[];
  /** Line i describes operations[i]. */
  lines: PlanLine[];
  /** RRsets the batch touches. */
  rrsets: number;
  /** Selected values the action leaves as they are (already at that TTL, already disabled). */
  unchanged: number;
  /** Values outside the selection the action changes too (TTL is one per RRset). */
  widened: number;
}

const labelOf = (set: RRset, r: DnsRecord) => `${set.relative} ${set.type} ${r.content}`;

function update(set: RRset, r: DnsRecord, change: { ttl?: number; disabled?: boolean }) {
  return {
    op: 'update' as const,
    id: r.id,
    name: set.name,
    type: set.type,
    content: r.content,
    ttl: change.ttl ?? set.ttl,
    disabled: change.disabled ?? r.disabled,
    if_match: recordVersion(r),
  };
}

export function planBulk(
  selected: readonly SelectedSet[],
  action: BulkAction,
  formatTtl: (s: number) => string,
): BulkPlan {
  const plan: BulkPlan = { operations: [], lines: [], rrsets: 0, unchanged: 0, widened: 0 };
  const add = (op: BatchOperation, record: DnsRecord, label: string, change: string) => {
    plan.operations.push(op);
    plan.lines.push({ label, change, record });
  };
  for (const { set, values } of selected) {
    const before = plan.operations.length;
    if (action.kind === 'delete') {
      for (const r of values) {
        add({ op: 'delete', id: r.id, if_match: recordVersion(r) }, r, labelOf(set, r), 'removed');
      }
    } else if (action.kind === 'ttl') {
      if (set.ttl === action.ttl) {
        plan.unchanged += values.length;
      } else {
        // TTL belongs to the RRset: every value of it changes, selected or not.
        const change = `TTL ${formatTtl(set.ttl)} → ${formatTtl(action.ttl)}`;
        for (const r of set.values)
          add(update(set, r, { ttl: action.ttl }), r, labelOf(set, r), change);
        plan.widened += set.values.length - values.length;
      }
    } else {
      const disabled = action.kind === 'disable';
      for (const r of values) {
        if (r.disabled === disabled) plan.unchanged++;
        else {
          add(update(set, r, { disabled }), r, labelOf(set, r), disabled ? 'disabled' : 'enabled');
        }
      }
    }
    if (plan.operations.length > before) plan.rrsets++;
  }
  return plan;
}

const records = (n: number) => `${n.toLocaleString('en')} record${n === 1 ? '' : 's'}`;

/** The toast's words once the batch is applied: "Changed TTL of 500 records". */
export function doneMessage(action: BulkAction, n: number): string {
  switch (action.kind) {
    case 'delete':
      return `Deleted ${records(n)}`;
    case 'ttl':
      return `Changed TTL of ${records(n)}`;
    case 'disable':
      return `Disabled ${records(n)}`;
    case 'enable':
      return `Enabled ${records(n)}`;
  }
}

export const ACTION_TITLES: Record<BulkKind, string> = {
  delete: 'Delete',
  ttl: 'Set TTL of',
  disable: 'Disable',
  enable: 'Enable',
};

export { records as recordCount };
