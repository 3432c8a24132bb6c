// The daily chart's numbers as a table: a row per day, a column per type, and the day's total.
import { formatNumber } from '../../ui/format';
import type { DaySeries } from './usage-days';

export function DailyTable({ series }: { series: DaySeries }) {
  return (
    <div className="table-wrap usage-days-table">
      <table className="table usage-table">
        <caption className="sr-only">Queries per day by record type</caption>
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            {series.types.map((t) => (
              <th key={t} scope="col" className="num mono">
                {t}
              </th>
            ))}
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {series.rows.map((r) => (
            <tr key={r.date}>
              <th scope="row" className="mono">
                {r.date}
              </th>
              {series.types.map((t) => (
                <td key={t} className="num">
                  {formatNumber(Number(r[t]))}
                </td>
              ))}
              <td className="num">{formatNumber(r.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
