import type { CSSProperties, ReactNode } from 'react';
import { cx } from './cx';

/** A grey placeholder block; the region around it says "loading" to assistive technology. */
export function Skeleton({
  width,
  height,
  className,
}: {
  width?: string;
  height?: string;
  className?: string;
}) {
  const style: CSSProperties = { width, height };
  return <span className={cx('skeleton', className)} style={style} aria-hidden="true" />;
}

/** Wraps skeletons: announced as busy, with a label for screen readers. */
export function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      {children}
    </div>
  );
}

/**
 * `rows` placeholder table rows; `widths(i)` gives each cell's skeleton width in row `i` (null
 * for an empty cell). Varying widths look like text rather than a grid of bars.
 */
export function SkeletonRows({
  rows,
  widths,
}: {
  rows: number;
  widths: (i: number) => Array<string | null>;
}) {
  return (
    <tbody>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i}>
          {widths(i).map((w, j) => (
            <td key={j}>{w && <Skeleton width={w} />}</td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
