// One item per secondary: where it is and its state in words, then the serial it serves against
// ours (or, when it cannot be asked, the one it was last seen serving), when the last change
// arrived there, when it was asked, and how its last NOTIFY went. A list rather than a table: it fits
// the Overview's column and a phone alike, like the Nameservers card above it.
import { useEffect, useState, type ReactNode } from 'react';
import type { SecondaryStatus } from '../../../shared/api/secondaries';
import { Badge } from '../../ui/badge';
import { formatClock, formatDateTime } from '../../ui/format';
import {
  agoText,
  lastArrival,
  lastSeenStanding,
  notifyOutcome,
  STATE_TONES,
  stateLabel,
} from './secondaries-text';

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

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="secondary-fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The serial it serves, against ours; or the one it was last seen serving, and when. */
function Serves({ s, ours, now }: { s: SecondaryStatus; ours: number; now: number }) {
  const standing = lastSeenStanding(s, ours);
  if (s.serial === null && standing && s.last_seen_at) {
    return (
      <Fact term="Last seen">
        serving <span className="mono">{s.last_seen_serial}</span>{' '}
        <Ago iso={s.last_seen_at} now={now} />
        <span className={standing === 'our serial' ? 'muted' : 'secondary-unacked'}>
          , {standing}
        </span>
      </Fact>
    );
  }
  return (
    <Fact term="Serves">
      {s.serial === null ? (
        'no serial'
      ) : (
        <>
          <span className="mono">{s.serial}</span>
          {s.serial !== ours && <span className="muted"> (ours: {ours})</span>}
        </>
      )}
    </Fact>
  );
}

/** "arrived 12:04:31 (0.8 s after it was made)", for the serial it serves or last served. */
function LastChange({ s }: { s: SecondaryStatus }) {
  const arrival = lastArrival(s);
  if (!arrival) return null;
  return (
    <Fact term="Last change">
      {arrival.at === null ? (
        <span className="muted">arrived before the service started watching</span>
      ) : (
        <>
          arrived{' '}
          <time dateTime={arrival.at} title={formatDateTime(arrival.at)}>
            {formatClock(arrival.at)}
          </time>
          {arrival.after && <span className="muted"> ({arrival.after} after it was made)</span>}
        </>
      )}
    </Fact>
  );
}

function Item({ s, ours, now }: { s: SecondaryStatus; ours: number; now: number }) {
  const n = s.last_notify;
  return (
    <li className="secondary-item">
      <div className="secondary-head">
        <code className="secondary-target">{s.target}</code>
        {s.signed && <span className="secondary-tsig">TSIG</span>}
        <Badge tone={STATE_TONES[s.state]}>
          <span className="badge-dot" aria-hidden="true" />
          {stateLabel(s)}
        </Badge>
      </div>
      <dl className="secondary-facts">
        <Serves s={s} ours={ours} now={now} />
        <LastChange s={s} />
        <Fact term="Checked">
          <Ago iso={s.checked_at} now={now} />
        </Fact>
        <Fact term="Last NOTIFY">
          {n === null ? (
            'none since the service started'
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
              <span className="muted"> (serial {n.serial})</span>
            </>
          )}
        </Fact>
      </dl>
    </li>
  );
}

export function SecondariesList({ list, ours }: { list: SecondaryStatus[]; ours: number }) {
  const now = useNow(1000);
  return (
    <ul className="secondaries-list" aria-label="Secondaries and their states">
      {list.map((s) => (
        <Item key={s.target} s={s} ours={ours} now={now} />
      ))}
    </ul>
  );
}
