// The two traffic cells of an RRset's first row: its queries of the table's days, and when it
// was last queried ("2 min ago", the exact time on hover).
import { cx } from '../../ui/cx';
import { formatDateTime, formatDelay, formatNumber } from '../../ui/format';
import type { RrsetTraffic } from '../../api/rrset-usage';

export function TrafficCells({
  rowSpan,
  traffic,
  at,
}: {
  rowSpan: number;
  traffic: RrsetTraffic | undefined;
  at: number;
}) {
  if (!traffic) {
    return (
      <>
        <td rowSpan={rowSpan} className="cell-queries cell-empty" data-label="Queries">
          <span className="muted" aria-label="Not known">
            –
          </span>
        </td>
        <td rowSpan={rowSpan} className="cell-last cell-empty" data-label="Last queried">
          <span className="muted" aria-label="Not known">
            –
          </span>
        </td>
      </>
    );
  }
  const last = traffic.last;
  return (
    <>
      <td
        rowSpan={rowSpan}
        className={cx('cell-queries', traffic.queries === 0 && 'muted')}
        data-label="Queries"
      >
        {formatNumber(traffic.queries)}
      </td>
      <td rowSpan={rowSpan} className={cx('cell-last', !last && 'muted')} data-label="Last queried">
        {last ? (
          <time
            dateTime={new Date(last).toISOString()}
            title={formatDateTime(new Date(last).toISOString())}
          >
            {formatDelay(at - last)} ago
          </time>
        ) : (
          'Never'
        )}
      </td>
    </>
  );
}
