// Usage tab: this month's queries of the zone, by type: the total, a bar chart (recharts, loaded
// only here and only when there is something to draw) and the same numbers as a table.
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { USAGE_REFETCH_MS, useUsage } from '../../api/usage';
import { useZone } from '../../api/zones';
import { Button } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';
import { formatNumber } from '../../ui/format';
import { IconRefresh } from '../../ui/icons';
import { Loading, Skeleton } from '../../ui/skeleton';
import { UsageEmpty } from './usage-empty';
import { usageRows } from './usage-rows';
import { UsageTable } from './usage-table';

const UsageChart = lazy(async () => ({ default: (await import('./usage-chart')).UsageChart }));

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

function periodLabel(period: string): string {
  return period === 'current_month' ? 'this month (UTC)' : period.replace(/_/g, ' ');
}

export function UsagePage() {
  const { zoneId = '' } = useParams();
  const { data: zone } = useZone(zoneId);
  const usage = useUsage(zoneId);

  if (usage.isPending) {
    return (
      <Loading label="Loading usage">
        <section className="card card-pad usage-card">
          <Skeleton width="10rem" height="3rem" />
          <Skeleton width="100%" height="10rem" />
        </section>
      </Loading>
    );
  }
  if (usage.isLoadingError) {
    // A missing scope or an unknown zone does not change by retrying.
    const final = isApiError(usage.error) && [403, 404].includes(usage.error.status);
    return (
      <section className="card" aria-label="Usage">
        <ErrorPanel
          error={usage.error}
          onRetry={final ? undefined : () => void usage.refetch()}
          retrying={usage.isFetching}
        />
      </section>
    );
  }

  const data = usage.data;
  const rows = usageRows(data.queries_by_type);
  const updated = timeFormat.format(usage.dataUpdatedAt);
  return (
    <section className="card usage-card" aria-labelledby="usage-title">
      <div className="usage-head">
        <div>
          <h2 className="usage-label" id="usage-title">
            Queries {periodLabel(data.period)}
          </h2>
          <p className="usage-total">{formatNumber(data.queries)}</p>
        </div>
        <div className="usage-refresh">
          <p className="small muted">
            Updated <time dateTime={new Date(usage.dataUpdatedAt).toISOString()}>{updated}</time>
            <span className="hide-narrow"> · every {USAGE_REFETCH_MS / 1000} s</span>
          </p>
          <Button
            size="sm"
            onClick={() => void usage.refetch()}
            busy={usage.isFetching}
            aria-label="Refresh usage"
          >
            {!usage.isFetching && <IconRefresh />} Refresh
          </Button>
        </div>
      </div>
      {usage.isRefetchError && (
        <ErrorPanel error={usage.error} onRetry={() => void usage.refetch()} />
      )}
      {rows.length === 0 ? (
        <UsageEmpty zone={data.zone_name} nameservers={zone?.nameservers ?? []} />
      ) : (
        <div className="usage-body">
          <div className="usage-chart-wrap">
            <h3 className="usage-subtitle">By record type</h3>
            <Suspense fallback={<Skeleton width="100%" height={`${rows.length * 34 + 40}px`} />}>
              <UsageChart rows={rows} />
            </Suspense>
          </div>
          <div className="usage-table-wrap">
            <h3 className="usage-subtitle" id="usage-table-title">
              Numbers
            </h3>
            <UsageTable rows={rows} total={data.queries} />
          </div>
        </div>
      )}
    </section>
  );
}
