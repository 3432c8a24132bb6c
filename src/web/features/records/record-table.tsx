// The records, one <tbody> per RRset: name, type, TTL and comment once for the set, then a row
// per value with its content, an inline on/off switch, Edit and Delete. Each RRset re-renders
// only when it changes, so that a keystroke in the search box stays cheap with thousands of rows.
import { Fragment, memo } from 'react';
import { PENDING_PREFIX, type DnsRecord } from '../../api/records';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatNumber } from '../../ui/format';
import { IconEdit, IconTrash } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import type { RRset } from './rrsets';

export interface RowActions {
  onEdit: (record: DnsRecord) => void;
  onToggle: (record: DnsRecord, set: RRset) => void;
  onDelete: (record: DnsRecord, set: RRset) => void;
}

/** "1 h", "5 min", "1 day"; other values in seconds. */
export function shortTtl(s: number): string {
  if (s % 86400 === 0) return `${s / 86400} day${s === 86400 ? '' : 's'}`;
  if (s % 3600 === 0) return `${s / 3600} h`;
  if (s % 60 === 0) return `${s / 60} min`;
  return `${formatNumber(s)} s`;
}

/** Long names wrap after a dot rather than inside a label. */
function breakAtDots(name: string) {
  const labels = name.split('.');
  return labels.map((l, i) => (
    <Fragment key={i}>
      {l}
      {i < labels.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}

const clip = (s: string, n = 48) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

interface RRsetRowsProps extends RowActions {
  set: RRset;
  /** The id of a value to mark (just saved), when it is in this set. */
  highlightId: string | null;
}

const RRsetRows = memo(function RRsetRows({
  set,
  highlightId,
  onEdit,
  onToggle,
  onDelete,
}: RRsetRowsProps) {
  const n = set.values.length;
  return (
    <tbody className="rrset" data-rrset={`${set.relative} ${set.type}`}>
      {set.values.map((r, i) => {
        const pending = r.id.startsWith(PENDING_PREFIX);
        const what = `${set.relative} ${set.type} ${clip(r.content)}`;
        return (
          <tr
            key={r.id}
            data-record-id={r.id}
            className={cx(r.disabled && 'row-disabled', r.id === highlightId && 'row-highlight')}
          >
            {i === 0 && (
              <>
                <th scope="rowgroup" rowSpan={n} className="cell-name" data-label="Name">
                  <span className="rec-name" title={set.name}>
                    {breakAtDots(set.relative)}
                  </span>
                </th>
                <td rowSpan={n} className="cell-type" data-label="Type">
                  <span className="type-tag">{set.type}</span>
                </td>
              </>
            )}
            <td className="cell-content" data-label="Content">
              <span className="rec-content">{r.content}</span>
              {r.disabled && <Badge tone="warning">Disabled</Badge>}
              {pending && <Badge tone="accent">Saving…</Badge>}
            </td>
            {i === 0 && (
              <>
                <td rowSpan={n} className="cell-ttl" data-label="TTL">
                  <span title={`${formatNumber(set.ttl)} seconds`}>{shortTtl(set.ttl)}</span>
                </td>
                <td
                  rowSpan={n}
                  className={cx('cell-comment', !set.comment && 'cell-empty')}
                  data-label="Comment"
                >
                  {set.comment ? (
                    <span className="rec-comment">{set.comment}</span>
                  ) : (
                    <span className="muted" aria-label="No comment">
                      –
                    </span>
                  )}
                </td>
              </>
            )}
            <td className="cell-actions">
              <span className="row-actions">
                <button
                  type="button"
                  role="switch"
                  className="switch"
                  aria-checked={!r.disabled}
                  aria-label={`Served: ${what}`}
                  title={
                    r.disabled
                      ? 'Disabled: not served. Click to enable.'
                      : 'Served. Click to disable.'
                  }
                  disabled={pending}
                  onClick={() => onToggle(r, set)}
                >
                  <span className="switch-thumb" aria-hidden="true" />
                </button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Edit ${what}`}
                  className="btn-edit"
                  disabled={pending}
                  onClick={() => onEdit(r)}
                >
                  <IconEdit />
                  <span className="hide-narrow">Edit</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="btn-icon btn-delete"
                  aria-label={`Delete ${what}`}
                  disabled={pending}
                  onClick={() => onDelete(r, set)}
                >
                  <IconTrash />
                </Button>
              </span>
            </td>
          </tr>
        );
      })}
    </tbody>
  );
});

const COLUMNS = ['Name', 'Type', 'Content', 'TTL', 'Comment'];

function Head() {
  return (
    <thead>
      <tr>
        {COLUMNS.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        <th scope="col">
          <span className="sr-only">Served and actions</span>
        </th>
      </tr>
    </thead>
  );
}

export function RecordTable({
  sets,
  highlightId,
  ...actions
}: RowActions & { sets: RRset[]; highlightId: string | null }) {
  return (
    <div className="table-wrap">
      <table className="table records-table">
        <caption className="sr-only">Records, grouped by name and type</caption>
        <Head />
        {sets.map((s) => (
          <RRsetRows
            key={s.key}
            set={s}
            highlightId={
              highlightId && s.values.some((v) => v.id === highlightId) ? highlightId : null
            }
            {...actions}
          />
        ))}
      </table>
    </div>
  );
}

export function RecordTableSkeleton({ rows }: { rows: number }) {
  return (
    <div className="table-wrap">
      <table className="table records-table" aria-hidden="true">
        <Head />
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              <td>
                <Skeleton width={`${30 + ((i * 37) % 40)}%`} />
              </td>
              <td>
                <Skeleton width="2.5rem" />
              </td>
              <td>
                <Skeleton width={`${40 + ((i * 53) % 50)}%`} />
              </td>
              <td>
                <Skeleton width="2.5rem" />
              </td>
              <td>
                <Skeleton width="5rem" />
              </td>
              <td />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
