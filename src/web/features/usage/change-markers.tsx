// The changes marked on the usage chart's time axis, as a list: the marker's number, when, what,
// and a link to the change in History.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { formatDateTime, formatNumber } from '../../ui/format';
import type { ChangeMarker } from './usage-markers';

/** Shown before "Show all": a busy day's changes (dozens) would push the tables off the page. */
export const MARKERS_SHOWN = 8;

export function ChangeMarkers({ zoneId, markers }: { zoneId: string; markers: ChangeMarker[] }) {
  const [all, setAll] = useState(false);
  if (!markers.length) return null;
  const history = `/zones/${encodeURIComponent(zoneId)}/history`;
  const more = markers.length - MARKERS_SHOWN;
  const shown = all || more <= 0 ? markers : markers.slice(0, MARKERS_SHOWN);
  return (
    <div className="usage-markers">
      <h4 className="usage-markers-title" id="usage-markers-title">
        Changes on the chart
      </h4>
      <ol className="usage-markers-list" aria-labelledby="usage-markers-title">
        {shown.map((m) => (
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
      {more > 0 && (
        <Button size="sm" variant="ghost" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${formatNumber(markers.length)} changes`}
        </Button>
      )}
    </div>
  );
}
