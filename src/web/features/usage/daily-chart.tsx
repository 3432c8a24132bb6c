// Queries per day (or hour) stacked by type (recharts: loaded with this file only, on the usage
// page), with the journal's changes as numbered lines on the time axis.
// Series colours come from the theme through CSS (usage-days.css): .usage-series-0 … 5, and
// with more than six types, the sixth and later share the last colour, named together in the legend
// and one by one in the tooltip.
import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { TooltipContentProps } from 'recharts';
import { formatNumber } from '../../ui/format';
import type { DaySeries } from './usage-days';
import { type AxisUnit, type ChangeMarker, markerLines, tickLabel } from './usage-markers';

const SERIES = 6;
const seriesClass = (i: number) => `usage-series-${Math.min(i, SERIES - 1)}`;

function DayTooltip({
  active,
  payload,
  types,
  unit,
}: Pick<TooltipContentProps, 'active' | 'payload'> & { types: string[]; unit: AxisUnit }) {
  const row = payload?.[0]?.payload as DaySeries['rows'][number] | undefined;
  if (!active || !row) return null;
  return (
    <div className="usage-tooltip">
      <strong>
        {unit === 'hour' ? `${row.date.replace('T', ' ')}:00 UTC` : row.date}:{' '}
        {formatNumber(row.total)}
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

/**
 * A marker's number over the plot area (the chart's top margin), not inside it where it covered
 * the bars: centred on its line, or ending at it near the right edge and starting at it near the
 * left, so that the last day's or hour's label is not cut off.
 */
function markerLabel(label: string, place: number) {
  const anchor = place > 0.85 ? 'end' : place < 0.15 ? 'start' : 'middle';
  const MarkerLabel = ({ viewBox }: { viewBox?: { x?: number; y?: number } }) => {
    const x = viewBox?.x ?? 0;
    const y = viewBox?.y ?? 0;
    const dx = anchor === 'end' ? 3 : anchor === 'start' ? -3 : 0;
    return (
      <text x={x + dx} y={y - 6} textAnchor={anchor} className="usage-marker-label">
        {label}
      </text>
    );
  };
  return MarkerLabel;
}

interface Props {
  series: DaySeries;
  unit?: AxisUnit;
  markers?: readonly ChangeMarker[];
}

export function DailyChart({ series, unit = 'day', markers = [] }: Props) {
  const { rows, types } = series;
  const ownColours = types.length > SERIES ? SERIES - 1 : types.length;
  const busiest = rows.reduce((m, r) => (r.total > m.total ? r : m), rows[0]!);
  const sum = rows.reduce((s, r) => s + r.total, 0);
  // The table below holds the same numbers for screen readers; the chart is one labelled image.
  const changes = markers.length
    ? `; ${markers.length === 1 ? '1 change' : `${markers.length} changes`} marked, listed below`
    : '';
  const label = `Stacked bar chart of queries per ${unit} by type, ${rows[0]?.date} to ${rows.at(-1)?.date}: ${formatNumber(sum)} in all, most on ${busiest.date} (${formatNumber(busiest.total)})${changes}`;
  return (
    <div className="usage-chart usage-days-chart" role="img" aria-label={label}>
      <BarChart
        data={rows}
        responsive
        style={{ width: '100%', height: 260 }}
        // Room above the plot for the markers' numbers.
        margin={{ top: markers.length ? 22 : 8, right: 8, bottom: 4, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} className="usage-grid" />
        <XAxis dataKey="date" tickFormatter={(d: string) => tickLabel(d, unit)} minTickGap={16} />
        <YAxis allowDecimals={false} tickFormatter={formatNumber} width={56} />
        <Tooltip
          content={(props) => <DayTooltip {...props} types={types} unit={unit} />}
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
        {markerLines(markers).map((m) => (
          <ReferenceLine
            key={m.at}
            x={m.at}
            className="usage-marker"
            strokeDasharray="4 3"
            label={markerLabel(
              m.label,
              rows.length > 1 ? rows.findIndex((r) => r.date === m.at) / (rows.length - 1) : 0.5,
            )}
          />
        ))}
      </BarChart>
      {/* The legend as HTML: its swatches take the same CSS classes as the bars. */}
      <ul className="usage-legend" aria-hidden="true">
        {types.slice(0, ownColours).map((t, i) => (
          <li key={t}>
            <span className={`usage-swatch ${seriesClass(i)}`} />
            {t}
          </li>
        ))}
        {/* The types past the last colour share it: one entry names them all. */}
        {types.length > ownColours && (
          <li>
            <span className={`usage-swatch ${seriesClass(SERIES - 1)}`} />
            {types.slice(ownColours).join(', ')}
          </li>
        )}
      </ul>
    </div>
  );
}
