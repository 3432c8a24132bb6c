// The bar chart of queries by type (recharts: loaded with this file only, on the usage page).
// Colours come from the theme through CSS (usage-dnssec.css), so both themes need no props.
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import type { TooltipContentProps } from 'recharts';
import { formatNumber } from '../../ui/format';
import { formatShare, type UsageRow } from './usage-rows';

const ROW_HEIGHT = 34;

function ChartTooltip({ active, payload }: Pick<TooltipContentProps, 'active' | 'payload'>) {
  const row = payload?.[0]?.payload as UsageRow | undefined;
  if (!active || !row) return null;
  return (
    <div className="usage-tooltip">
      <strong>{row.type}</strong>
      <span>
        {formatNumber(row.count)} {row.count === 1 ? 'query' : 'queries'} · {formatShare(row.share)}
      </span>
    </div>
  );
}

export function UsageChart({ rows }: { rows: UsageRow[] }) {
  const height = rows.length * ROW_HEIGHT + 40;
  // The table beside holds the same numbers for screen readers; the chart is one labelled image.
  const summary = rows.map((r) => `${r.type} ${formatNumber(r.count)}`).join(', ');
  return (
    <div className="usage-chart" role="img" aria-label={`Bar chart of queries by type: ${summary}`}>
      <BarChart
        data={rows}
        layout="vertical"
        responsive
        style={{ width: '100%', height }}
        margin={{ top: 4, right: 48, bottom: 4, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} className="usage-grid" />
        <XAxis
          type="number"

          allowDecimals={false}
          tickFormatter={formatNumber}
        />
        <YAxis
          type="category"

          dataKey="type"
          width={72}
          tickLine={false}
          interval={0}
        />
        <Tooltip
          content={(props) => <ChartTooltip {...props} />}
          cursor={{ className: 'usage-cursor' }}
          isAnimationActive={false}
        />
        <Bar dataKey="count" className="usage-bar" radius={[0, 4, 4, 0]} maxBarSize={22}>
          <LabelList
            dataKey="count"
            position="right"
            className="usage-bar-label"
            formatter={(v) => formatNumber(Number(v))}
          />
        </Bar>
      </BarChart>
    </div>
  );
}
