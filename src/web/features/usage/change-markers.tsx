// The changes marked on the usage chart's time axis, as a list: the marker's number, when, what,
// and a link to the change in History.
import { Link } from 'react-router';
import { formatDateTime } from '../../ui/format';
import type { ChangeMarker } from './usage-markers';

export function ChangeMarkers({ zoneId, markers }: { zoneId: string; markers: ChangeMarker[] }) {
  if (!markers.length) return null;
  const history = `/zones/${encodeURIComponent(zoneId)}/history`;
  return (
    <div className="usage-markers">
      <h4 className="usage-markers-title" id="usage-markers-title">
        Changes on the chart
      </h4>
      <ol className="usage-markers-list" aria-labelledby="usage-markers-title">
        {markers.map((m) => (
          <li key={m.id}>
            <span className="usage-marker-n" aria-hidden="true">
              {m.n}
            </span>
            <span>
              <time dateTime={m.created_at} className="small muted">
                {formatDateTime(m.created_at)}
              </time>{' '}
              <Link to={`${history}#${encodeURIComponent(m.id)}`}>{m.summary}</Link>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
