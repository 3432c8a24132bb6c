// The daily (or hourly) chart's numbers as a table: a row per day or hour, a column per type,
// and its total.
import { formatNumber } from '../../ui/format';
import type { DaySeries } from './usage-days';
import type { AxisUnit } from './usage-markers';

export function DailyTable({ series, unit = 'day' }: { series: DaySeries; unit?: AxisUnit }) {
  return (
    <div className="table-wrap usage-days-table">
      <table className="table usage-table">
        <caption className="sr-only">Queries per {unit} by record type</caption>
        <thead>
          <tr>
            <th scope="col">{unit === 'hour' ? 'Hour (UTC)' : 'Day (UTC)'}</th>
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
                {unit === 'hour' ? `${r.date.replace('T', ' ')}:00` : r.date}
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
