// How the queries of the range were answered: every outcome with its count and share.
import { formatNumber } from '../../ui/format';
import type { OutcomeRow } from './usage-days';
import { formatShare } from './usage-rows';

export function OutcomeTable({ rows }: { rows: OutcomeRow[] }) {
  return (
    <div className="table-wrap">
      <table className="table usage-table">
        <caption className="sr-only">Queries by outcome</caption>
        <thead>
          <tr>
            <th scope="col">Outcome</th>
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
            <tr key={r.outcome}>
              <th scope="row">{r.label}</th>
              <td className="num">{formatNumber(r.count)}</td>
              <td className="num">{formatShare(r.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
