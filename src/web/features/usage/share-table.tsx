// A table of counts with their share of the whole: the by-type and by-outcome numbers of the
// usage page (for screen readers, and for copying).
import type { ReactNode } from 'react';
import { formatNumber } from '../../ui/format';
import { formatShare } from './usage-rows';

export interface ShareRow {
  key: string;
  label: ReactNode;
  count: number;
  share: number;
}

export function ShareTable({
  caption,
  heading,
  rows,
  total,
}: {
  caption: string;
  /** The first column's heading ("Type", "Outcome"). */
  heading: string;
  rows: ShareRow[];
  /** Adds a Total row when given. */
  total?: number;
}) {
  return (
    <div className="table-wrap">
      <table className="table usage-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col" className="num">
              Queries
            </th>
            <th scope="col" className="num">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td className="num">{formatNumber(r.count)}</td>
              <td className="num">{formatShare(r.share)}</td>
            </tr>
          ))}
        </tbody>
        {total === undefined ? null : (
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{formatNumber(total)}</td>
              <td className="num">{formatShare(rows.length ? 1 : 0)}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
