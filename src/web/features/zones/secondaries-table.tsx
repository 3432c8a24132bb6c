// One row per secondary: where it is, its state in words, the serial it serves against ours,
// when that was asked, and how its last NOTIFY went.
import { useEffect, useState } from 'react';
import type { SecondaryStatus } from '../../../shared/api/secondaries';
import { Badge } from '../../ui/badge';
import { agoText, notifyOutcome, STATE_TONES, stateLabel } from './secondaries-text';

/** The clock, read again every `ms`: "checked 2 s ago" keeps counting between two polls. */
function useNow(ms: number) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

function Ago({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={iso}>
      {agoText(iso, now)}
    </time>
  );
}

function Row({ s, ours, now }: { s: SecondaryStatus; ours: number; now: number }) {
  const n = s.last_notify;
  return (
    <tr>
      <td data-label="Secondary">
        <code className="secondary-target">{s.target}</code>
        {s.signed && <span className="dd-hint">TSIG-signed</span>}
      </td>
      <td data-label="State">
        <Badge tone={STATE_TONES[s.state]}>
          <span className="badge-dot" aria-hidden="true" />
          {stateLabel(s)}
        </Badge>
        <span className="dd-hint">
          checked <Ago iso={s.checked_at} now={now} />
        </span>
      </td>
      <td data-label="Serial">
        {s.serial === null ? (
          <span className="muted" title="No serial: it gave no answer with the zone">
            —<span className="sr-only">none</span>
          </span>
        ) : (
          <span className="mono">{s.serial}</span>
        )}
        {s.serial !== ours && <span className="dd-hint">ours: {ours}</span>}
      </td>
      <td data-label="Last NOTIFY">
        {n === null ? (
          <span className="muted">None since the service started</span>
        ) : (
          <>
            <span className={n.acknowledged_at ? undefined : 'secondary-unacked'}>
              {notifyOutcome(n)}
              {n.acknowledged_at && (
                <>
                  {' '}
                  <Ago iso={n.acknowledged_at} now={now} />
                </>
              )}
            </span>
            <span className="dd-hint">serial {n.serial}</span>
          </>
        )}
      </td>
    </tr>
  );
}

export function SecondariesTable({ list, ours }: { list: SecondaryStatus[]; ours: number }) {
  const now = useNow(1000);
  return (
    <div className="table-wrap">
      <table className="table table-responsive secondaries-table">
        <thead>
          <tr>
            <th scope="col">Secondary</th>
            <th scope="col">State</th>
            <th scope="col">Serial</th>
            <th scope="col">Last NOTIFY</th>
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <Row key={s.target} s={s} ours={ours} now={now} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
