import { formatNumber } from '../../ui/format';
import { formatShare, type UsageRow } from './usage-rows';

/** The chart's numbers as a table: for screen readers, and for copying. */
export function UsageTable({ rows, total }: { rows: UsageRow[]; total: number }) {
  return (
    <div className="table-wrap">
      <table className="table usage-table">
        <caption className="sr-only">Queries by record type</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
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
            <tr key={r.type}>
              <th scope="row" className="mono">
                {r.type}
              </th>
              <td className="num">{formatNumber(r.count)}</td>
              <td className="num">{formatShare(r.share)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num">{formatNumber(total)}</td>
            <td className="num">{formatShare(rows.length ? 1 : 0)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
