// Table pieces the dashboard's lists share: the column titles and the placeholder while loading.
import type { ReactNode } from 'react';
import { cx } from './cx';
import { SkeletonRows } from './skeleton';

/** The column titles; `after` adds cells past the titled ones (an actions column, say). */
export function TableHead({ columns, after }: { columns: readonly string[]; after?: ReactNode }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        {after}
      </tr>
    </thead>
  );
}

/**
 * The table as it will be, with placeholder rows: `head` is its column titles (and column
 * widths), `widths(i)` each cell's placeholder width in row `i` (see SkeletonRows).
 */
export function TableSkeleton({
  className,
  head,
  rows,
  widths,
}: {
  className: string;
  head: ReactNode;
  rows: number;
  widths: (i: number) => Array<string | null>;
}) {
  return (
    <div className="table-wrap">
      <table className={cx('table', className)} aria-hidden="true">
        {head}
        <SkeletonRows rows={rows} widths={widths} />
      </table>
    </div>
  );
}
