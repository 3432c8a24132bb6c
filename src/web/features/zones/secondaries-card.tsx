// The zone's secondaries (the operator's DNS_NOTIFY targets): the serial each serves now, in
// words, polled while the page is seen, and "Send NOTIFY" to make them check at once.
import { useState } from 'react';
import { toast } from 'sonner';
import { isApiError } from '../../api/api-error';
import {
  isFinalSecondariesError,
  useNotifySecondaries,
  useSecondaries,
} from '../../api/secondaries';
import { Button } from '../../ui/button';
import { HeaderCard } from '../../ui/card';
import { ErrorPanel, FormAlert } from '../../ui/error-panel';
import { IconRefresh } from '../../ui/icons';
import { Loading, Skeleton } from '../../ui/skeleton';
import { SecondariesList } from './secondaries-list';
import { summary } from './secondaries-text';

const USAGE_NOTE = 'Queries answered by secondaries are not counted in Usage.';

/** No secondaries: only the operator can add them, so say where that is done. */
function NoSecondaries() {
  return (
    <div className="empty-state secondaries-empty">
      <h3 className="empty-state-title">No secondaries configured</h3>
      <div className="empty-state-text">
        <p>
          Only the operator of this service can add secondaries: standard DNS servers such as Knot,
          NSD or BIND, named in the <code>DNS_NOTIFY</code> setting (see{' '}
          <code>docs/secondaries.md</code> in the Zonedeck repository).
        </p>
        <p>{USAGE_NOTE}</p>
      </div>
    </div>
  );
}

/** Send NOTIFY: a toast when sent, the error kept for the card to show when not. */
function useSendNotify(zoneId: string) {
  const notify = useNotifySecondaries(zoneId);
  const [error, setError] = useState<unknown>(null);
  const send = () => {
    setError(null);
    notify.mutate(undefined, {
      onSuccess: (sent) => {
        const n = sent.targets.length;
        toast.success(
          `NOTIFY of serial ${sent.serial} sent to ${n} ${n === 1 ? 'secondary' : 'secondaries'}`,
        );
      },
      onError: setError,
    });
  };
  return { send, pending: notify.isPending, error };
}

function Body({ zoneId }: { zoneId: string }) {
  const query = useSecondaries(zoneId);
  const notify = useSendNotify(zoneId);
  const { data, error } = query;
  if (query.isPending) {
    return (
      <Loading label="Loading secondaries">
        <div className="card-pad secondaries-skeleton">
          <Skeleton width="60%" />
          <Skeleton width="100%" height="2.5rem" />
        </div>
      </Loading>
    );
  }
  const failure = error && (
    <ErrorPanel
      error={error}
      onRetry={isFinalSecondariesError(error) ? undefined : () => void query.refetch()}
      retrying={query.isFetching}
    />
  );
  if (!data) {
    if (isApiError(error) && error.code === 'not_found') {
      return <p className="card-pad muted">This service does not report secondaries.</p>;
    }
    return failure;
  }
  if (data.secondaries.length === 0) return <NoSecondaries />;
  const { text, detail } = summary(data);
  return (
    <>
      {/* A failed poll keeps the last states on screen, under the error. */}
      {failure}
      <div className="secondaries-top">
        {/* Polite: each poll may change a state, and that change is what should be heard. */}
        <p className="secondaries-summary" role="status">
          {text}
          {detail && <span className="sr-only"> {detail}</span>}
        </p>
        {data.transferable && (
          <Button size="sm" onClick={notify.send} busy={notify.pending} disabled={notify.pending}>
            <IconRefresh /> Send NOTIFY
          </Button>
        )}
      </div>
      <FormAlert error={notify.error} />
      {!data.transferable && (
        <div className="callout callout-warning secondaries-reason">
          <div className="callout-body">
            <p className="callout-title">Not transferred to secondaries</p>
            <p>{data.reason ?? 'The service does not transfer this zone.'}</p>
          </div>
        </div>
      )}
      <SecondariesList list={data.secondaries} ours={data.serial} />
      <p className="secondaries-note muted">{USAGE_NOTE}</p>
    </>
  );
}

export function SecondariesCard({ zoneId }: { zoneId: string }) {
  return (
    <HeaderCard
      title="Secondaries"
      description="Nameservers that take this zone by zone transfer, and the serial each one serves now."
    >
      <Body zoneId={zoneId} />
    </HeaderCard>
  );
}
