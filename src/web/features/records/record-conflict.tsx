// What a write found when the record had changed since the user saw it (ADR 0028): the record as
// stored now, beside what the user was about to save (an edit) or what the list showed (a
// delete), in the dialog that was refused; and the same in a sentence for the switches' toasts.
import type { ReactNode, Ref } from 'react';
import { describeError } from '../../api/describe-error';
import { isRecordGone, staleWriteOf } from '../../api/record-conflict';
import type { DnsRecord } from '../../api/records';
import { cx } from '../../ui/cx';
import { IconAlert } from '../../ui/icons';
import { formatTtl } from '../../ui/format';

/** The fields of a record a person tells apart: what both "now" and "yours" have. */
interface Shown {
  content: string;
  ttl: number;
  disabled: boolean;
  comment?: string | null;
}

const ROWS: { label: string; text: (r: Shown) => string; mono?: boolean }[] = [
  { label: 'Value', text: (r) => r.content, mono: true },
  { label: 'TTL', text: (r) => formatTtl(r.ttl, 'short') },
  { label: 'Comment', text: (r) => r.comment || 'None' },
  { label: 'State', text: (r) => (r.disabled ? 'Disabled' : 'Served') },
];

/** "192.0.2.7, TTL 5 min, disabled, comment “web”": a record as stored now, for a toast. */
export function storedText(r: Shown): string {
  const parts = [r.content, `TTL ${formatTtl(r.ttl, 'short')}`, r.disabled ? 'disabled' : 'served'];
  if (r.comment) parts.push(`comment “${r.comment}”`);
  return parts.join(', ');
}

/**
 * Why a write from the table (a switch, a delete) was refused, for its toast: the other change
 * and what it left, when that is why; else the service's words.
 */
export function refusalDescription(error: unknown): string {
  const now = staleWriteOf(error)?.records;
  if (now?.length) {
    const what =
      now.length === 1 ? `It is now ${storedText(now[0]!)}.` : `It now holds ${now.length} values.`;
    return `Someone else changed it since the list was read. ${what} The table shows what is stored now; nothing was changed.`;
  }
  if (isRecordGone(error)) {
    return 'Someone deleted it, or changed its value, since the list was read. The table shows what is stored now.';
  }
  return `${describeError(error).message} Nothing was changed.`;
}

/** Two states of a record side by side, by field; the fields that differ stand out. */
export function Compare({ columns }: { columns: [Column, Column] }) {
  const [a, b] = columns;
  return (
    <table className="conflict-table">
      <thead>
        <tr>
          <td />
          <th scope="col">{a.heading}</th>
          <th scope="col">{b.heading}</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => {
          const differs = row.text(a.record) !== row.text(b.record);
          return (
            <tr key={row.label} className={cx(!differs && 'conflict-same')}>
              <th scope="row">
                {row.label}
                {differs && <span className="sr-only"> (differs)</span>}
              </th>
              <td className={cx(row.mono && 'mono')}>{row.text(a.record)}</td>
              <td className={cx(row.mono && 'mono')}>{row.text(b.record)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export interface Column {
  heading: string;
  record: Shown;
}

interface NoticeProps {
  title: ReactNode;
  /** The notice takes the focus when it appears (tabIndex -1): it says what the buttons do. */
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/** A warning announced when it appears, in the callout style of the form errors. */
export function Notice({ title, ref, children }: NoticeProps) {
  return (
    <div
      ref={ref}
      className="callout callout-warning record-conflict"
      role="alert"
      tabIndex={-1}
      data-testid="record-conflict"
    >
      <IconAlert className="callout-icon" width="20" height="20" />
      <div className="callout-body">
        <p className="callout-title">{title}</p>
        {children}
      </div>
    </div>
  );
}

/** The edit was refused: someone saved this record since the dialog opened. */
export function EditConflictNotice({
  now,
  yours,
  ref,
}: {
  now: DnsRecord;
  yours: Shown;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Notice title="Someone else changed this record" ref={ref}>
      <p>
        It was saved with other values after you opened it here. Nothing of yours was saved; what
        you typed is still in the form.
      </p>
      <Compare
        columns={[
          { heading: 'Theirs', record: now },
          { heading: 'Yours', record: yours },
        ]}
      />
      <p>
        <strong>Save mine anyway</strong> writes yours over theirs; <strong>Use theirs</strong> puts
        theirs in the form.
      </p>
    </Notice>
  );
}

/** The edit was refused: the record is gone (deleted, or its value changed, which is a new id). */
export function GoneNotice({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <Notice title="This record no longer exists" ref={ref}>
      <p>
        Someone deleted it, or changed its value, after you opened it here. Nothing of yours was
        saved; what you typed is still in the form.
      </p>
      <p>
        <strong>Create it again</strong> adds a record with your values; <strong>Close</strong>{' '}
        leaves the zone as it is now.
      </p>
    </Notice>
  );
}

/** The delete was refused: the value (or the RRset) changed since the list was read. */
export function DeleteConflictNotice({
  before,
  now,
  whole,
  label,
  ref,
}: {
  /** The value (or every value of the RRset) as the list showed it. */
  before: readonly DnsRecord[];
  /** The value as stored now, or every value of the RRset. */
  now: readonly DnsRecord[];
  whole: boolean;
  /** "www A" */
  label: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const first = now[0];
  const seen = before[0];
  if (!first || !seen) return null;
  const known = new Set(before.map((v) => v.content));
  return (
    <Notice title={`Someone else changed ${whole ? label : 'this record'}`} ref={ref}>
      {whole ? (
        <>
          <p>
            Nothing was deleted. It held {values(before.length)} when the list was read; it now
            holds {values(now.length)}, TTL {formatTtl(first.ttl, 'short')}, comment{' '}
            {first.comment ? `“${first.comment}”` : 'none'}:
          </p>
          <ul className="conflict-values">
            {now.map((v) => (
              <li key={v.id}>
                <span className="mono">{v.content}</span>
                {v.disabled && ' (disabled)'}
                {!known.has(v.content) && <strong> (new)</strong>}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>Nothing was deleted. It was changed after the list was read:</p>
          <Compare
            columns={[
              { heading: 'Before', record: seen },
              { heading: 'Now', record: first },
            ]}
          />
        </>
      )}
    </Notice>
  );
}

const values = (n: number) => `${n} value${n === 1 ? '' : 's'}`;
