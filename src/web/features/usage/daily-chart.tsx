// Queries per day stacked by type (recharts: loaded with this file only, on the usage page).
// Series colours come from the theme through CSS (usage-days.css): .usage-series-0 … 5, and
// the types past the sixth share the last colour with a name in the tooltip.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { TooltipContentProps } from 'recharts';
import { formatNumber } from '../../ui/format';
import type { DaySeries } from './usage-days';

const SERIES = 6;
const seriesClass = (i: number) => `usage-series-${Math.min(i, SERIES - 1)}`;

function DayTooltip({
  active,
  payload,
  types,
}: Pick<TooltipContentProps, 'active' | 'payload'> & { types: string[] }) {
  const row = payload?.[0]?.payload as DaySeries['rows'][number] | undefined;
  if (!active || !row) return null;
  return (
    <div className="usage-tooltip">
      <strong>
        {row.date}: {formatNumber(row.total)}
      </strong>
      {types
        .filter((t) => Number(row[t]) > 0)
        .map((t) => (
          <span key={t}>
            {t} {formatNumber(Number(row[t]))}
          </span>
        ))}
    </div>
  );
}

export function DailyChart({ series }: { series: DaySeries }) {
  const { rows, types } = series;
  const busiest = rows.reduce((m, r) => (r.total > m.total ? r : m), rows[0]!);
  const sum = rows.reduce((s, r) => s + r.total, 0);
  // The table below holds the same numbers for screen readers; the chart is one labelled image.
  const label = `Stacked bar chart of queries per day by type, ${rows[0]?.date} to ${rows.at(-1)?.date}: ${formatNumber(sum)} in all, most on ${busiest.date} (${formatNumber(busiest.total)})`;
  return (
    <div className="usage-chart usage-days-chart" role="img" aria-label={label}>
      <BarChart
        data={rows}
        responsive
        style={{ width: '100%', height: 260 }}
        margin={{ top: 8, right: 8, bottom: 4, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} className="usage-grid" />
        <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} minTickGap={16} />
        <YAxis allowDecimals={false} tickFormatter={formatNumber} width={56} />
        <Tooltip
          content={(props) => <DayTooltip {...props} types={types} />}
          cursor={{ className: 'usage-cursor' }}
          isAnimationActive={false}
        />
        {types.map((t, i) => (
          <Bar
            key={t}
            dataKey={t}
            stackId="day"
            className={seriesClass(i)}
            isAnimationActive={false}
            maxBarSize={28}
          />
        ))}
      </BarChart>
      {/* The legend as HTML: its swatches take the same CSS classes as the bars. */}
      <ul className="usage-legend" aria-hidden="true">
        {types.map((t, i) => (
          <li key={t}>
            <span className={`usage-swatch ${seriesClass(i)}`} />
            {t}
          </li>
        ))}
      </ul>
    </div>
  );
}
