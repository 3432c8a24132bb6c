// One item per secondary: where it is and its state in words, then the serial it serves against
// ours, when that was asked, and how its last NOTIFY went. A list rather than a table: it fits
// the Overview's column and a phone alike, like the Nameservers card above it.
import { useEffect, useState, type ReactNode } from 'react';
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

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="secondary-fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
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
