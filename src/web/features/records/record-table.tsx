// The records, one <tbody> per RRset: name, type, TTL and comment once for the set, then a row
// per value with its content, an inline on/off switch, Edit and Delete. Only the RRsets near the
// viewport are in the page (the window scrolls; spacers stand for the rest), and each re-renders
// only when it changes: a zone of 100,000 records has the DOM of a few dozen rows.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  Fragment,
  memo,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
} from 'react';
import { PENDING_PREFIX, type DnsRecord } from '../../api/records';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatNumber } from '../../ui/format';
import { IconEdit, IconTrash } from '../../ui/icons';
import { SkeletonRows } from '../../ui/skeleton';
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
  /** Its place in the list, for the virtualiser's measuring. */
  index: number;
  ref: Ref<HTMLTableSectionElement>;
}

const RRsetRows = memo(function RRsetRows({
  set,
  highlightId,
  index,
  ref,
  onEdit,
  onToggle,
  onDelete,
}: RRsetRowsProps) {
  const n = set.values.length;
  return (
    <tbody
      ref={ref}
      data-index={index}
      className="rrset"
      data-rrset={`${set.relative} ${set.type}`}
    >
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

/** Fixed column widths: the columns stay put while rows come and go under them. */
function Columns() {
  return (
    <colgroup>
      <col className="col-name" />
      <col className="col-type" />
      <col className="col-content" />
      <col className="col-ttl" />
      <col className="col-comment" />
      <col className="col-actions" />
    </colgroup>
  );
}

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

/**
 * An RRset's height before it is measured (records.css): a row per value on wide screens; on
 * narrow ones a card with the name line, a line per value and the TTL line. Close estimates keep
 * the scrollbar steady as rows are measured.
 */
const NARROW = '(max-width: 48rem)';
const estimate = (narrow: boolean, values: number) => (narrow ? 63 + 27 * values : 44 * values);
/** Height of the top bar and the column titles, which stay over the rows (records.css). */
const STICKY_ABOVE = 100;
/** RRsets drawn beyond each edge of the viewport. */
const OVERSCAN = 6;

function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tbody className="rrset-spacer" aria-hidden="true">
      <tr>
        <td colSpan={COLUMNS.length + 1} style={{ height }} />
      </tr>
    </tbody>
  );
}

export interface RecordTableHandle {
  /** Scrolls the RRset into view (it may not be drawn yet); false when it is not in the table. */
  reveal: (key: string) => boolean;
}

export function RecordTable({
  sets,
  highlightId,
  ref,
  ...actions
}: RowActions & {
  sets: readonly RRset[];
  highlightId: string | null;
  ref?: Ref<RecordTableHandle>;
}) {
  const table = useRef<HTMLTableElement>(null);
  // Where the rows start in the page: what lies above the table (toolbar, notices) can change.
  const [margin, setMargin] = useState(0);
  // After every render, since anything above the table may have moved it; setting the same
  // number again does not render again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const el = table.current;
    if (!el) return;
    // The column titles' height, which is 0 where they are hidden (narrow screens).
    const head = el.tHead?.offsetHeight ?? 0;
    const top = Math.round(el.getBoundingClientRect().top + window.scrollY + head);
    if (top !== margin) setMargin(top);
  });

  const narrow = window.matchMedia(NARROW).matches;
  // Stable while the list is: the virtualiser recomputes every position when it changes.
  const getItemKey = useCallback((i: number) => sets[i]?.key ?? i, [sets]);
  const virtualizer = useWindowVirtualizer({
    count: sets.length,
    estimateSize: (i) => estimate(narrow, sets[i]?.values.length ?? 1),
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: margin,
    // An RRset scrolled to stops below the sticky top bar and column titles.
    scrollPaddingStart: STICKY_ABOVE,
    scrollPaddingEnd: 16,
    // A scroll renders at once: with the update deferred, a row measured while scrolling up
    // corrected the scroll from a stale offset and undid every other step.
    useFlushSync: true,
  });

  useImperativeHandle(
    ref,
    () => ({
      reveal: (key) => {
        const index = sets.findIndex((s) => s.key === key);
        if (index < 0) return false;
        virtualizer.scrollToIndex(index, { align: 'auto' });
        return true;
      },
    }),
    [sets, virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const before = first ? first.start - margin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - margin) : 0;

  return (
    <div className="table-wrap">
      <table ref={table} className="table records-table">
        <caption className="sr-only">Records, grouped by name and type</caption>
        <Columns />
        <Head />
        <Spacer height={before} />
        {items.map((item) => {
          const s = sets[item.index]!;
          return (
            <RRsetRows
              key={s.key}
              ref={virtualizer.measureElement}
              index={item.index}
              set={s}
              highlightId={
                highlightId && s.values.some((v) => v.id === highlightId) ? highlightId : null
              }
              {...actions}
            />
          );
        })}
        <Spacer height={after} />
      </table>
    </div>
  );
}

export function RecordTableSkeleton({ rows }: { rows: number }) {
  return (
    <div className="table-wrap">
      <table className="table records-table" aria-hidden="true">
        <Columns />
        <Head />
        <SkeletonRows
          rows={rows}
          widths={(i) => [
            `${30 + ((i * 37) % 40)}%`,
            '2.5rem',
            `${40 + ((i * 53) % 50)}%`,
            '2.5rem',
            '5rem',
            null,
          ]}
        />
      </table>
    </div>
  );
}
