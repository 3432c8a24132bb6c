// Over every zone page: when queries for the names of a recent change fail where they were
// answered before (the server's change watch, ADR 0018), a banner names the change, says what
// fails, and offers its Revert (the History's, with its preview) and a link to it in History.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { WatchedChange } from '../../../shared/api/usage-watch';
import { useChange } from '../../api/changes';
import { useChangeWatch } from '../../api/change-watch';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format';
import { IconAlert, IconX } from '../../ui/icons';
import { RevertDialog } from './revert-dialog';

function Revert({
  zoneId,
  changeId,
  onClose,
}: {
  zoneId: string;
  changeId: string;
  onClose: () => void;
}) {
  const change = useChange(zoneId, changeId);
  if (!change.data) return null;
  return <RevertDialog zoneId={zoneId} change={change.data} onClose={onClose} />;
}

function Banner({
  zoneId,
  change,
  onDismiss,
}: {
  zoneId: string;
  change: WatchedChange;
  onDismiss: () => void;
}) {
  const [reverting, setReverting] = useState(false);
  const titleId = `watch-${change.change_id}`;
  const name = change.summary ?? change.change_id;
  const history = `/zones/${encodeURIComponent(zoneId)}/history#${encodeURIComponent(change.change_id)}`;
  return (
    <section className="callout callout-danger watch-banner" aria-labelledby={titleId}>
      <IconAlert className="callout-icon" aria-hidden="true" />
      <div className="callout-body">
        {/* Announced once: the counts below it change with every poll. */}
        <p className="callout-title" id={titleId} role="alert">
          Queries fail since the change “{name}”
        </p>
        <p>
          Since {formatDateTime(change.applied_at)}: {change.verdict.reason}
        </p>
        <div className="watch-banner-actions">
          <Button size="sm" variant="danger" onClick={() => setReverting(true)}>
            Revert this change…
          </Button>
          <Link className="watch-banner-link" to={history}>
            See it in History
          </Link>
        </div>
      </div>
      <Button
        size="sm"
        variant="ghost"
        className="watch-banner-close"
        onClick={onDismiss}
        aria-label={`Dismiss the warning about “${name}”`}
      >
        <IconX aria-hidden="true" />
      </Button>
      {reverting && (
        <Revert zoneId={zoneId} changeId={change.change_id} onClose={() => setReverting(false)} />
      )}
    </section>
  );
}

export function WatchBanner() {
  const { zoneId = '' } = useParams();
  const watch = useChangeWatch(zoneId);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const alerts = (watch.data?.changes ?? []).filter(
    (c) => c.verdict.status === 'alert' && !dismissed.has(c.change_id),
  );
  if (!alerts.length) return null;
  return (
    <div className="watch-banners">
      {alerts.map((c) => (
        <Banner
          key={c.change_id}
          zoneId={zoneId}
          change={c}
          onDismiss={() => setDismissed((d) => new Set(d).add(c.change_id))}
        />
      ))}
    </div>
  );
}
