import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'accent';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={cx('badge', `badge-${tone}`)}>{children}</span>;
}

/** A zone's status: active is green, disabled amber, anything else (future states) neutral. */
export function StatusBadge({ status }: { status: string }) {
  const tone = status === 'active' ? 'success' : status === 'disabled' ? 'warning' : 'neutral';
  return (
    <Badge tone={tone}>
      <span className="badge-dot" aria-hidden="true" />
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}
