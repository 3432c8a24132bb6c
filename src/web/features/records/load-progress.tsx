// What the records toolbar says of the list: how many RRsets and values are shown, and how far a
// large zone has loaded.
import { formatNumber } from '../../ui/format';

const plural = (x: number, one: string) => `${formatNumber(x)} ${one}${x === 1 ? '' : 's'}`;

/** "360 RRsets · 362 values"; filtered, "12 of 360 RRsets shown · 362 values in all". */
export function recordsSummary(shown: number, sets: number, values: number): string {
  if (shown === sets) return `${plural(sets, 'RRset')} · ${plural(values, 'value')}`;
  return `${formatNumber(shown)} of ${plural(sets, 'RRset')} shown · ${plural(values, 'value')} in all`;
}

/** A bar under the toolbar while the pages stream in: "Loaded 12,000 of 100,000 records". */
export function LoadProgress({ loaded, total }: { loaded: number; total: number }) {
  const label = `Loaded ${formatNumber(loaded)} of ${plural(total, 'record')}`;
  return (
    <div
      className="load-progress"
      role="progressbar"
      aria-label="Loading records"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={loaded}
      aria-valuetext={label}
    >
      <span className="load-progress-text">{label}</span>
      <span className="load-progress-track" aria-hidden="true">
        <span
          className="load-progress-bar"
          style={{ width: `${total > 0 ? Math.min(100, (loaded / total) * 100) : 0}%` }}
        />
      </span>
    </div>
  );
}
