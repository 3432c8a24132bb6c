// Under a change: which secondaries picked it up and when ("127.0.0.1:5301 at 12:04:31, +0.8 s"),
// or which it is still waiting for. Quiet: one line of small text.
import type { SecondaryStatus } from '../../../shared/api/secondaries';
import { formatClock, formatDateTime, formatDelay } from '../../ui/format';
import { pickupsOf, type Pickup } from './pickups';

function Item({ p }: { p: Pickup }) {
  const target = <code className="change-pickup-target">{p.target}</code>;
  switch (p.kind) {
    case 'arrived':
      return (
        <li className="change-pickup" data-kind={p.kind}>
          <span>
            {target} at{' '}
            <time dateTime={p.at} title={formatDateTime(p.at)}>
              {formatClock(p.at)}
            </time>
            ,{' '}
            <span className="change-pickup-after" title="after the change was made">
              +{formatDelay(p.afterMs)}
            </span>
          </span>
        </li>
      );
    case 'has':
      return (
        <li className="change-pickup" data-kind={p.kind}>
          <span>{target} has it</span>
        </li>
      );
    case 'waiting':
      return (
        <li className="change-pickup" data-kind={p.kind} data-why={p.why ?? undefined}>
          <span className="muted">
            waiting for {target}
            {p.why && ` (${p.why})`}
          </span>
        </li>
      );
  }
}

export function ChangePickups({
  change,
  secondaries,
}: {
  change: { serial: number; created_at: string };
  secondaries: readonly SecondaryStatus[];
}) {
  const pickups = pickupsOf(change, secondaries);
  if (!pickups) return null;
  if (pickups.everywhere) {
    return <p className="change-pickups small muted">On every secondary</p>;
  }
  return (
    <div className="change-pickups small">
      <span className="change-pickups-label" aria-hidden="true">
        Secondaries
      </span>
      <ul aria-label="Where this change has arrived">
        {pickups.list.map((p) => (
          <Item key={p.target} p={p} />
        ))}
      </ul>
    </div>
  );
}
