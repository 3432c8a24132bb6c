// Below the totals by type: queries per day stacked by type (chart, and its numbers as a table)
// and how they were answered. Shown when the service sends them (a hosted service may not).
import { lazy, Suspense } from 'react';
import type { UsageAnswer } from '../../api/usage-parsers';
import { Skeleton } from '../../ui/skeleton';
import { DailyTable } from './daily-table';
import { OutcomeTable } from './outcome-table';
import { daySeries, outcomeRows } from './usage-days';

const DailyChart = lazy(async () => ({ default: (await import('./daily-chart')).DailyChart }));

export function UsageBreakdowns({ data }: { data: UsageAnswer }) {
  const days = data.daily_breakdown;
  const series = days?.length ? daySeries(days) : null;
  const outcomes = data.by_outcome ? outcomeRows(data.by_outcome) : null;
  const outcomeSum = outcomes?.reduce((s, r) => s + r.count, 0) ?? 0;
  return (
    <div className="usage-breakdowns">
      {series && (
        <section aria-labelledby="usage-days-title">
          <h3 className="usage-subtitle" id="usage-days-title">
            Per day, by record type
          </h3>
          <Suspense fallback={<Skeleton width="100%" height="260px" />}>
            <DailyChart series={series} />
          </Suspense>
          <details className="usage-days-numbers">
            <summary>Numbers per day</summary>
            <DailyTable series={series} />
          </details>
        </section>
      )}
      {outcomes && (
        <section aria-labelledby="usage-outcomes-title">
          <h3 className="usage-subtitle" id="usage-outcomes-title">
            By outcome
          </h3>
          <OutcomeTable rows={outcomes} />
          {outcomeSum < data.queries && (
            <p className="small muted usage-note">
              {data.queries - outcomeSum} queries of this range were counted before outcomes were
              recorded: they have a type but no outcome.
            </p>
          )}
        </section>
      )}
    </div>
  );
}
