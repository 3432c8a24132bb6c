// Usage tab: the zone's queries over a range of days (this month unless the URL says otherwise):
// the total, a bar chart by type (recharts, loaded only here and only when there is something to
// draw) with the same numbers as a table, then per day and by outcome (usage-breakdowns.tsx),
// and the top names of the range's last day (top-names.tsx).
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { USAGE_REFETCH_MS, usageKeys, useUsage } from '../../api/usage';
import { useZone } from '../../api/zones';
import { Button } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';
import { formatNumber } from '../../ui/format';
import { IconRefresh } from '../../ui/icons';
import { Loading, Skeleton } from '../../ui/skeleton';
import { useUsageDays } from './use-usage-days';
import { UsageBreakdowns } from './usage-breakdowns';
import { UsageEmpty } from './usage-empty';
import { UsageRangePicker } from './usage-range-picker';
import { usageRows } from './usage-rows';
import { TopNames } from './top-names';
import { UsageTable } from './usage-table';

const UsageChart = lazy(async () => ({ default: (await import('./usage-chart')).UsageChart }));

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

function periodLabel(data: { period: string; period_start?: string; period_end?: string }) {
  if (data.period === 'current_month') return 'this month (UTC)';
  if (data.period === 'last_7_days') return 'in the last 7 days (UTC), by hour';
  if (data.period_start && data.period_end)
    return data.period_start === data.period_end
      ? `on ${data.period_start} (UTC)`
      : `from ${data.period_start} to ${data.period_end} (UTC)`;
  return data.period.replace(/_/g, ' ');
}

export function UsagePage() {
  const { zoneId = '' } = useParams();
  const { data: zone } = useZone(zoneId);
  const range = useUsageDays();
  const usage = useUsage(zoneId, range.check.ok ? range.check.days : undefined, range.hourly);
  const queryClient = useQueryClient();
  const refresh = () => {
    void usage.refetch();
    void queryClient.refetchQueries({ queryKey: usageKeys.topNamesOf(zoneId) });
  };

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
            Queries {periodLabel(data)}
          </h2>
          <p className="usage-total">{formatNumber(data.queries)}</p>
        </div>
        <div className="usage-refresh">
          <p className="small muted">
            Updated <time dateTime={new Date(usage.dataUpdatedAt).toISOString()}>{updated}</time>
            <span className="hide-narrow"> · every {USAGE_REFETCH_MS / 1000} s</span>
          </p>
          <Button size="sm" onClick={refresh} busy={usage.isFetching} aria-label="Refresh usage">
            {!usage.isFetching && <IconRefresh />} Refresh
          </Button>
        </div>
      </div>
      <UsageRangePicker
        from={range.from}
        to={range.to}
        hourly={range.hourly}
        shown={
          data.period_start && data.period_end
            ? { start: data.period_start, end: data.period_end }
            : undefined
        }
        onChange={range.setDays}
      />
      {usage.isRefetchError && (
        <ErrorPanel error={usage.error} onRetry={() => void usage.refetch()} />
      )}
      {rows.length === 0 && data.period === 'current_month' ? (
        <UsageEmpty zone={data.zone_name} nameservers={zone?.nameservers ?? []} />
      ) : rows.length === 0 ? (
        <p className="usage-none">No queries were answered for this zone in this range.</p>
      ) : (
        <>
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
          <UsageBreakdowns data={data} zoneId={zoneId} />
          {/* A service that answers the month's totals alone has no top names either. */}
          {data.period_end && data.by_outcome && (
            <TopNames zoneId={zoneId} date={data.period_end} />
          )}
        </>
      )}
    </section>
  );
}
