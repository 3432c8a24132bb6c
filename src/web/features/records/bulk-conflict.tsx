// A bulk edit refused because a record changed after its preview was worked out (ADR 0028): the
// batch sends each record's version as previewed, and one that is no longer current refuses the
// whole batch. The preview's line names the record; the refusal says what is stored now.
import type { Ref } from 'react';
import { isApiError } from '../../api/api-error';
import { isRecordGone, staleWriteOf } from '../../api/record-conflict';
import type { DnsRecord } from '../../api/records';
import type { BulkPlan, PlanLine, SelectedSet } from './bulk-plan';
import { Compare, Notice } from './record-conflict';

/** The record of the plan that is out of date: changed (`now`, as stored) or gone (null). */
export interface OutdatedLine {
  line: PlanLine;
  now: DnsRecord | null;
}

/** The line of `plan` a refusal of its batch says is out of date; null for other errors. */
export function outdatedLine(error: unknown, plan: BulkPlan): OutdatedLine | null {
  const index = isApiError(error) ? error.details.index : undefined;
  const line = typeof index === 'number' ? plan.lines[index] : undefined;
  if (!line) return null;
  const now = staleWriteOf(error)?.records[0];
  if (now) return { line, now };
  return isRecordGone(error) ? { line, now: null } : null;
}

/** How many values of `before` are not in `after`: selected, and since deleted or changed. */
export function leftOut(before: readonly SelectedSet[], after: readonly SelectedSet[]): number {
  const kept = new Set(after.flatMap((s) => s.values.map((v) => v.id)));
  return before.reduce((n, s) => n + s.values.filter((v) => !kept.has(v.id)).length, 0);
}

export function BulkConflictNotice({
  outdated,
  ref,
}: {
  outdated: OutdatedLine;
  ref?: Ref<HTMLDivElement>;
}) {
  const { line, now } = outdated;
  const label = <span className="mono">{line.label}</span>;
  return (
    <Notice
      ref={ref}
      title={now ? <>Someone else changed {label}</> : <>{label} no longer exists</>}
    >
      <p>
        Nothing was changed.{' '}
        {now
          ? 'It was saved with other values after this preview was made, and the edit applies whole or not at all:'
          : 'Someone deleted it, or changed its value, after this preview was made, and the edit applies whole or not at all.'}
      </p>
      {now && (
        <Compare
          columns={[
            { heading: 'Before', record: line.record },
            { heading: 'Now', record: now },
          ]}
        />
      )}
      <p>
        The table now shows what is stored. <strong>Preview again</strong> works the edit out anew
        from the records as they are now; <strong>Cancel</strong> leaves them as they are.
      </p>
    </Notice>
  );
}
