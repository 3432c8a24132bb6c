// What an import would do: the counters, then what needs the user (errors by line, a large
// removal to confirm), then the RRset diff, the skipped lines and the warnings.
import { useId, type Ref } from 'react';
import type { ImportResult } from '../../api/zone-import';
import { Field } from '../../ui/field';
import { formatNumber } from '../../ui/format';
import { ZoneFileErrors } from '../../ui/zone-file-errors';
import { DiffList } from './diff-list';
import { SkippedList } from '../../ui/skipped-list';

interface ImportPreviewProps {
  result: ImportResult;
  lines: readonly string[];
  zoneName: string;
  stale: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  /** Absent when the text is not in an editable box (a very large file). */
  onGoToLine: ((line: number) => void) | undefined;
  leaveOut: boolean;
  onLeaveOut: (leaveOut: boolean) => void;
  needsConfirm: boolean;
  /** RRsets the replace removes, of the zone's total. */
  largeDelete: { removed: number; total: number };
  confirmName: string;
  onConfirmName: (name: string) => void;
}

const lines = (n: number) => `${formatNumber(n)} line${n === 1 ? '' : 's'}`;

function Counters({ result }: { result: ImportResult }) {
  const c = result.rrset_counts;
  const items = [
    { key: 'added', sign: '+', label: 'added', n: c.added },
    { key: 'changed', sign: '~', label: 'changed', n: c.changed },
    { key: 'removed', sign: '−', label: 'removed', n: c.removed },
    { key: 'unchanged', sign: '=', label: 'unchanged', n: c.unchanged },
    { key: 'skipped', sign: '', label: 'lines skipped', n: result.skipped.length },
    {
      key: 'errors',
      sign: '',
      label: result.errors.length === 1 ? 'error' : 'errors',
      n: result.errors.length,
    },
  ];
  return (
    <dl className="import-counts" aria-label="RRsets and lines">
      {items.map((i) => (
        <div
          key={i.key}
          className={`import-count import-count-${i.key}`}
          data-zero={i.n === 0 || undefined}
        >
          <dt>
            {i.sign && (
              <span className="idiff-sign" aria-hidden="true">
                {i.sign}
              </span>
            )}
            {i.label}
          </dt>
          <dd>{formatNumber(i.n)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ImportPreview({
  result,
  lines: fileText,
  zoneName,
  stale,
  headingRef,
  onGoToLine,
  leaveOut,
  onLeaveOut,
  needsConfirm,
  largeDelete: large,
  confirmName,
  onConfirmName,
}: ImportPreviewProps) {
  const titleId = useId();
  const c = result.rrset_counts;
  const changes = c.added + c.changed + c.removed;
  const share = large.total > 0 ? Math.round((large.removed / large.total) * 100) : 0;
  return (
    <section className="import-preview" data-stale={stale || undefined} aria-labelledby={titleId}>
      <h3 className="import-preview-title" id={titleId} ref={headingRef} tabIndex={-1}>
        Preview: {result.mode === 'replace' ? 'replace' : 'merge'},{' '}
        {formatNumber(result.records_read)} record{result.records_read === 1 ? '' : 's'} read
      </h3>
      {stale && (
        <p className="callout callout-warning" role="status">
          The text or the mode changed since this preview. Preview again to see what applying does.
        </p>
      )}
      <Counters result={result} />
      {changes === 0 && result.errors.length === 0 && (
        <p className="callout callout-info">
          Nothing to change: the zone already holds what the file says.
        </p>
      )}

      {result.errors.length > 0 && (
        <div className="import-section">
          <h4 className="import-section-title">
            {formatNumber(result.errors.length)} {result.errors.length === 1 ? 'error' : 'errors'}
          </h4>
          <p className="muted small">
            Fix {result.errors.length === 1 ? 'this line' : 'these lines'} in the text above and
            preview again, or leave {result.errors.length === 1 ? 'it' : 'them'} out of the import.
          </p>
          <ZoneFileErrors errors={result.errors} lines={fileText} onGoToLine={onGoToLine} />
          <label className="checkbox import-leave-out">
            <input
              type="checkbox"
              checked={leaveOut}
              disabled={stale}
              onChange={(e) => onLeaveOut(e.target.checked)}
            />
            <span>
              {result.errors.length === 1
                ? 'Leave out the line with an error'
                : `Leave out the ${lines(result.errors.length)} with errors`}
              <span className="checkbox-hint">
                The rest of the file is imported without{' '}
                {result.errors.length === 1 ? 'it' : 'them'}.
              </span>
            </span>
          </label>
        </div>
      )}

      {needsConfirm && (
        <div className="callout callout-danger import-confirm" role="alert">
          <div className="callout-body">
            <p className="callout-title">
              This replace removes {formatNumber(large.removed)} of the zone’s{' '}
              {formatNumber(large.total)} RRsets ({share} %).
            </p>
            <Field
              label={`Type ${zoneName} to confirm`}
              hint="More than 30 % of a zone is removed only when you say so."
            >
              {(control) => (
                <input
                  {...control}
                  className="input input-mono"
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="off"
                  value={confirmName}
                  onChange={(e) => onConfirmName(e.target.value)}
                />
              )}
            </Field>
          </div>
        </div>
      )}

      {changes > 0 && (
        <div className="import-section">
          <h4 className="import-section-title">Changes</h4>
          <DiffList rrsets={result.rrsets} zone={zoneName} />
        </div>
      )}

      {result.skipped.length > 0 && (
        <div className="import-section">
          <h4 className="import-section-title">Skipped: {lines(result.skipped.length)}</h4>
          <SkippedList skipped={result.skipped} />
        </div>
      )}

      {result.warnings.length > 0 && (
        <div className="import-section">
          <h4 className="import-section-title">Warnings: {lines(result.warnings.length)}</h4>
          <ZoneFileErrors
            errors={result.warnings}
            lines={fileText}
            onGoToLine={onGoToLine}
            label="Warnings by line"
          />
        </div>
      )}
    </section>
  );
}
