// The records, one <tbody> per RRset (rrset-rows.tsx). Only the RRsets near the viewport are in
// the page (the window scrolls; spacers stand for the rest), and each re-renders only when it
// changes: a zone of 100,000 records has the DOM of a few dozen rows.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
} from 'react';
import { TableHead, TableSkeleton } from '../../ui/table';
import { RRsetRows, type RowActions } from './rrset-rows';
import type { RRset } from './rrsets';
import { selectionMask } from './selection';
import { useTableMetrics } from './use-table-metrics';
import type { TrafficMap } from '../../api/rrset-usage';
import { TABLE_DAYS, trafficOf } from './traffic';

const COLUMNS = [
  'Name',
  'Type',
  'Content',
  'TTL',
  'Comment',
  `Queries (${TABLE_DAYS} d)`,
  'Last queried',
];

/** Fixed column widths: the columns stay put while rows come and go under them. */
function Columns() {
  return (
    <colgroup>
      <col className="col-name" />
      <col className="col-type" />
      <col className="col-content" />
      <col className="col-ttl" />
      <col className="col-comment" />
      <col className="col-queries" />
      <col className="col-last" />
      <col className="col-actions" />
    </colgroup>
  );
}

function Head() {
  return (
    <TableHead
      columns={COLUMNS}
      after={
        <th scope="col">
          <span className="sr-only">Served and actions</span>
        </th>
      }
    />
  );
}

/** An RRset the traffic map does not list yet (made since it was read): nothing counted. */
const NO_TRAFFIC = { queries: 0, last: null };

/**
 * A value's monospaced character and extra line, in px (records.css: --text-sm, 13 px, line
 * height 1.5): a long value's wrapped lines go into its estimate, so that measuring it corrects
 * the scroll by little.
 */
const CHAR_PX = 7.8;
const LINE_PX = 19.5;

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
  selection,
  pending,
  traffic,
  trafficAt,
  zoneDisabled = false,
  ref,
  ...actions
}: RowActions & {
  /** The zone is disabled: the switches say that nothing is served. */
  zoneDisabled?: boolean;
  sets: readonly RRset[];
  /** Queries per RRset of the last TABLE_DAYS days; undefined until read (or unreadable). */
  traffic: TrafficMap | undefined;
  /** When `traffic` was read (ms): "2 min ago" counts from it. */
  trafficAt: number;
  highlightId: string | null;
  /** Ids of the selected records. */
  selection: ReadonlySet<string>;
  /** Ids of the records with a write under way. */
  pending: ReadonlySet<string>;
  ref?: Ref<RecordTableHandle>;
}) {
  const table = useRef<HTMLTableElement>(null);
  // Where the rows start in the page: what lies above the table (toolbar, notices) can change.
  const [margin, setMargin] = useState(0);
  // The content column's width (0 where the column titles are hidden: the narrow layout).
  const [contentWidth, setContentWidth] = useState(0);
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
    const width = el.tHead?.rows[0]?.cells[2]?.clientWidth ?? 0;
    if (Math.abs(width - contentWidth) > 4) setContentWidth(width);
  });

  const metrics = useTableMetrics();
  // Stable while the list is: the virtualiser recomputes every position when it changes.
  const getItemKey = useCallback((i: number) => sets[i]?.key ?? i, [sets]);
  const virtualizer = useWindowVirtualizer({
    count: sets.length,
    // Close estimates keep the scrollbar steady as rows are measured.
    estimateSize: (i) => {
      const values = sets[i]?.values ?? [];
      let wraps = 0;
      if (contentWidth > 0) {
        const perLine = Math.max(8, Math.floor((contentWidth - 32) / CHAR_PX));
        for (const v of values) wraps += Math.ceil(v.content.length / perLine) - 1;
      }
      return metrics.base + metrics.perValue * Math.max(1, values.length) + wraps * LINE_PX;
    },
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: margin,
    // An RRset scrolled to stops below the sticky top bar and column titles.
    scrollPaddingStart: metrics.stickyTop,
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
              selected={selectionMask(s, selection)}
              busy={selectionMask(s, pending)}
              traffic={traffic ? (trafficOf(traffic, s) ?? NO_TRAFFIC) : undefined}
              trafficAt={trafficAt}
              zoneDisabled={zoneDisabled}
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
    <TableSkeleton
      className="records-table"
      head={
        <>
          <Columns />
          <Head />
        </>
      }
      rows={rows}
      widths={(i) => [
        `${30 + ((i * 37) % 40)}%`,
        '2.5rem',
        `${40 + ((i * 53) % 50)}%`,
        '2.5rem',
        '5rem',
        '2.5rem',
        '4rem',
        null,
      ]}
    />
  );
}
