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
