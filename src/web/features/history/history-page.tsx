// History tab: the zone's changes, newest first, one page at a time (the page in the URL). Each
// opens to its RRset diff; Revert previews, then applies the inverse as a new change.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ChangeSummary } from '../../../shared/api/changes';
import { isApiError } from '../../api/api-error';
import { useChanges } from '../../api/changes';
import { useSecondaries } from '../../api/secondaries';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { IconList } from '../../ui/icons';
import { Pager } from '../../ui/pager';
import { Loading, Skeleton } from '../../ui/skeleton';
import { ChangeItem } from './change-item';
import { RevertDialog } from './revert-dialog';
import { useHistoryParams } from './use-history-params';

/** A change reaches a secondary within a second or two: shown soon after, while watched. */
const HISTORY_SECONDARIES_MS = 3_000;

function HistoryLoading({ rows }: { rows: number }) {
  return (
    <Loading label="Loading history">
      <ol className="change-list">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="change-item change-head">
            <Skeleton width={`${14 + ((i * 7) % 12)}rem`} height="1.1rem" />
            <Skeleton width="20rem" height="0.9rem" />
          </li>
        ))}
      </ol>
    </Loading>
  );
}

export function HistoryPage() {
  const { zoneId = '' } = useParams();
  const { page, pageSize, hrefFor, setPageSize } = useHistoryParams();
  const query = useChanges(zoneId, page, pageSize);
  const [reverting, setReverting] = useState<ChangeSummary | null>(null);
  // Where each change has arrived, read again while the page is open (not at all when the
  // service has no secondaries, nor when it does not report them).
  const secondaries = useSecondaries(zoneId, HISTORY_SECONDARIES_MS).data?.secondaries;

  let body;
  if (query.isPending) {
    body = <HistoryLoading rows={5} />;
  } else if (query.isLoadingError) {
    // A missing scope or an unknown zone does not change by retrying.
    const final = isApiError(query.error) && [403, 404].includes(query.error.status);
    body = (
      <ErrorPanel
        error={query.error}
        onRetry={final ? undefined : () => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.changes.length === 0) {
    body =
      page > 1 && query.data.pagination.total > 0 ? (
        <EmptyState
          title="No changes on this page"
          action={
            <Link className={buttonClass()} to={hrefFor(1)}>
              Go to the newest changes
            </Link>
          }
        >
          <p>The history has fewer pages than that.</p>
        </EmptyState>
      ) : (
        <EmptyState icon={<IconList width="28" height="28" />} title="No changes yet">
          <p>Every edit to this zone’s records and settings will be listed here, newest first.</p>
        </EmptyState>
      );
  } else {
    const { changes, pagination } = query.data;
    const onPage = new Map(changes.map((c) => [c.id, c]));
    body = (
      <>
        {query.isRefetchError && (
          <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
        )}
        <ol
          className="change-list"
          aria-label="Changes, newest first"
          aria-busy={query.isPlaceholderData}
        >
          {changes.map((c) => (
            <ChangeItem
              key={c.id}
              zoneId={zoneId}
              change={c}
              now={query.dataUpdatedAt}
              onRevert={setReverting}
              onPage={onPage}
              secondaries={secondaries}
            />
          ))}
        </ol>
        <Pager
          page={page}
          pageSize={pageSize}
          total={pagination.total}
          count={pagination.count}
          hasMore={pagination.has_more}
          hrefFor={hrefFor}
          onPageSizeChange={setPageSize}
          noun="changes"
        />
      </>
    );
  }

  return (
    <section className="card history-card" aria-labelledby="history-title">
      <div className="history-head">
        <h2 className="section-title" id="history-title">
          History
        </h2>
        <p className="card-description">
          Every change to this zone, whichever way it was made. Open one to see its records before
          and after; Revert undoes it with a new change.
        </p>
      </div>
      {body}
      {reverting && (
        <RevertDialog zoneId={zoneId} change={reverting} onClose={() => setReverting(null)} />
      )}
    </section>
  );
}
