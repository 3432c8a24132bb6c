// Below the totals by type: queries per day (or hour) stacked by type, with the journal's changes
// marked on the time axis (chart, the changes as links, and the numbers as a table), and how they
// were answered. Shown when the service sends them (a hosted service may not).
import { lazy, Suspense } from 'react';
import { useChanges } from '../../api/changes';
import type { UsageAnswer } from '../../api/usage-parsers';
import { Skeleton } from '../../ui/skeleton';
import { ChangeMarkers } from './change-markers';
import { DailyTable } from './daily-table';
import { OutcomeTable } from './outcome-table';
import { daySeries, outcomeRows } from './usage-days';
import { asDays, changeMarkers, type AxisUnit } from './usage-markers';

const DailyChart = lazy(async () => ({ default: (await import('./daily-chart')).DailyChart }));

/** The journal's newest changes (one page, at most 100) are the ones marked. */
const MARKED_CHANGES = 100;

export function UsageBreakdowns({ data, zoneId }: { data: UsageAnswer; zoneId: string }) {
  const unit: AxisUnit = data.hourly_breakdown ? 'hour' : 'day';
  const points = data.hourly_breakdown ? asDays(data.hourly_breakdown) : data.daily_breakdown;
  const series = points?.length ? daySeries(points) : null;
  const journal = useChanges(zoneId, 1, MARKED_CHANGES).data?.changes ?? [];
  const markers = series ? changeMarkers(journal, series, unit) : [];
  const outcomes = data.by_outcome ? outcomeRows(data.by_outcome) : null;
  const outcomeSum = outcomes?.reduce((s, r) => s + r.count, 0) ?? 0;
  return (
    <div className="usage-breakdowns">
      {series && (
        <section aria-labelledby="usage-days-title">
          <h3 className="usage-subtitle" id="usage-days-title">
            Per {unit}, by record type
          </h3>
          <Suspense fallback={<Skeleton width="100%" height="260px" />}>
            <DailyChart series={series} unit={unit} markers={markers} />
          </Suspense>
          <ChangeMarkers zoneId={zoneId} markers={markers} />
          <details className="usage-days-numbers">
            <summary>Numbers per {unit}</summary>
            <DailyTable series={series} unit={unit} />
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
