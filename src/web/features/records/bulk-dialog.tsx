// The preview of a bulk edit: what exactly will change (counts and the list of values), a TTL to
// choose for "Set TTL", and Apply, which sends it as one batch: all of it or, on an error that
// names the record concerned, nothing. The preview is worked out from the records as the dialog
// opened; when one has changed since, the batch is refused and the dialog offers to preview again.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { BATCH_MAX_OPERATIONS } from '../../../shared/api/changes';
import { ttlSchema } from '../../../shared/api/fields';
import { TTL_MAX, TTL_MIN } from '../../../shared/dns/limits';
import { isApiError } from '../../api/api-error';
import { describeError } from '../../api/describe-error';
import { useRecordBatch, type BatchResult } from '../../api/record-batch';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { TtlField } from '../../ui/form/ttl-field';
import { formatNumber, formatTtl } from '../../ui/format';
import { BulkConflictNotice, leftOut, outdatedLine, type OutdatedLine } from './bulk-conflict';
import {
  ACTION_TITLES,
  planBulk,
  recordCount,
  selectedSets,
  type BulkAction,
  type BulkKind,
  type BulkPlan,
} from './bulk-plan';
import type { RRset } from './rrsets';

/** Lines the preview lists; the rest are counted. */
const LINES_SHOWN = 100;

const short = (s: number) => formatTtl(s, 'short');

interface BulkDialogProps {
  zoneId: string;
  kind: BulkKind;
  /** The zone's RRsets as the table has them now. */
  sets: readonly RRset[];
  selection: ReadonlySet<string>;
  onCancel: () => void;
  focusAfter: () => void;
  onApplied: (action: BulkAction, plan: BulkPlan, result: BatchResult) => void;
}

/** The error of a refused batch, naming the operation's record when the service says which. */
export function batchErrorMessage(error: unknown, plan: BulkPlan): string {
  const { message } = describeError(error);
  const index = isApiError(error) ? error.details.index : undefined;
  const line = typeof index === 'number' ? plan.lines[index] : undefined;
  if (!line) return `${message} Nothing was changed.`;
  // The service says "operations[3]: …"; the record's own name says it better here.
  return `${line.label}: ${message.replace(/^operations\[\d+\]: /, '')} Nothing was changed.`;
}

export function BulkDialog({
  zoneId,
  kind,
  sets,
  selection,
  onCancel,
  focusAfter,
  onApplied,
}: BulkDialogProps) {
  // The records as the preview shows them, taken when the dialog opens and again on "Preview
  // again", not on every change to the list: Apply sends the versions of what the user saw.
  const [selected, setSelected] = useState(() => selectedSets(sets, selection));
  const [outdated, setOutdated] = useState<OutdatedLine | null>(null);
  /** Selected values gone from the zone when the preview was worked out again. */
  const [gone, setGone] = useState(0);
  const notice = useRef<HTMLDivElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outdated) notice.current?.focus();
  }, [outdated]);
  // Empty until the user chooses: no TTL is planned (nor Apply offered) before one is typed.
  const [ttlText, setTtlText] = useState('');
  const batch = useRecordBatch(zoneId);
  const [error, setError] = useState<string | null>(null);

  const ttl = ttlText.trim() === '' ? null : ttlSchema.safeParse(Number(ttlText));
  const ttlError = kind === 'ttl' && ttl && !ttl.success ? ttl.error.issues[0]?.message : undefined;
  const ttlValue = ttl?.success ? ttl.data : null;
  const action = useMemo<BulkAction | null>(
    () => (kind !== 'ttl' ? { kind } : ttlValue === null ? null : { kind, ttl: ttlValue }),
    [kind, ttlValue],
  );
  const plan = useMemo(
    () => (action ? planBulk(selected, action, short) : null),
    [selected, action],
  );

  const n = plan?.operations.length ?? 0;
  const tooLarge = n > BATCH_MAX_OPERATIONS;
  const chosen = selected.reduce((sum, s) => sum + s.values.length, 0);
  // The title and Apply say the same: the records selected. How many of them (and of their
  // RRsets) change, the summary says.
  const title = `${ACTION_TITLES[kind]} ${recordCount(chosen)}`;

  const apply = () => {
    if (!plan || !action || n === 0 || tooLarge) return;
    setError(null);
    // The promise, not mutate's callbacks: those are dropped once this dialog is unmounted, and
    // the answer may unmount it first (deleting every value the search found empties the table,
    // and the toast with its Undo never came).
    batch.mutateAsync(plan.operations).then(
      (result) => onApplied(action, plan, result),
      (e: unknown) => {
        // Refused as out of date: the list has been read again by now (useRecordBatch).
        const o = outdatedLine(e, plan);
        if (o) setOutdated(o);
        else setError(batchErrorMessage(e, plan));
      },
    );
  };

  const previewAgain = () => {
    const next = selectedSets(sets, selection);
    setGone(leftOut(selected, next));
    setSelected(next);
    setOutdated(null);
    setError(null);
    // The notice that had the focus is gone: the new preview takes it, and is read out.
    requestAnimationFrame(() => preview.current?.focus());
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !batch.isPending && onCancel()}
      title={title}
      description="Nothing changes until you apply. The whole edit is one change: all of it or none."
      className="dialog-wide"
      focusAfter={focusAfter}
    >
      {kind === 'ttl' && (
        <TtlField
          label="New TTL"
          registration={{
            value: ttlText,
            onChange: (e: ChangeEvent<HTMLInputElement>) => setTtlText(e.target.value),
          }}
          error={ttlError}
          hint={
            ttlValue !== null
              ? formatTtl(ttlValue)
              : `Seconds, from ${TTL_MIN} (5 minutes) to ${TTL_MAX} (1 day).`
          }
          unit="s"
          className="ttl-field"
          presets={{ value: ttlValue, onPick: (seconds) => setTtlText(String(seconds)) }}
        />
      )}
      {outdated && <BulkConflictNotice ref={notice} outdated={outdated} />}
      {plan && !outdated && (
        <div className="bulk-preview" aria-live="polite" ref={preview} tabIndex={-1}>
          <p className="bulk-summary">
            {n === 0
              ? 'Nothing to change: the selected records are already like that.'
              : `${recordCount(n)} in ${formatNumber(plan.rrsets)} RRset${plan.rrsets === 1 ? '' : 's'} will change.`}
            {plan.unchanged > 0 &&
              ` ${recordCount(plan.unchanged)} already as asked ${plan.unchanged === 1 ? 'stays as it is' : 'stay as they are'}.`}
            {plan.widened > 0 &&
              ` TTL is one per RRset: ${recordCount(plan.widened)} not selected change with their RRset.`}
            {gone > 0 &&
              ` ${recordCount(gone)} selected ${gone === 1 ? 'is' : 'are'} no longer in the zone (deleted, or ${gone === 1 ? 'its value' : 'their values'} changed) and left out.`}
          </p>
          {tooLarge && (
            <p className="callout callout-danger" role="alert">
              One edit holds at most {formatNumber(BATCH_MAX_OPERATIONS)} records; this one has{' '}
              {formatNumber(n)}. Select fewer (narrow the search or the type) and repeat.
            </p>
          )}
          {n > 0 && (
            <ul className="bulk-lines" aria-label="What will change">
              {plan.lines.slice(0, LINES_SHOWN).map((l, i) => (
                <li key={i}>
                  <span className="mono">{l.label}</span>
                  <span className={`bulk-change bulk-${kind}`}>{l.change}</span>
                </li>
              ))}
              {n > LINES_SHOWN && (
                <li className="muted">and {formatNumber(n - LINES_SHOWN)} more</li>
              )}
            </ul>
          )}
        </div>
      )}
      {error && (
        <p className="callout callout-danger" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <DialogClose>Cancel</DialogClose>
        {outdated ? (
          <Button variant="primary" onClick={previewAgain}>
            Preview again
          </Button>
        ) : (
          <Button
            variant={kind === 'delete' ? 'danger' : 'primary'}
            disabled={!plan || n === 0 || tooLarge || batch.isPending}
            onClick={apply}
          >
            {batch.isPending ? 'Applying…' : title}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
