// The records table's heights that the CSS sets (records.css, `--rrset-*` and
// `--records-sticky-top`), read from it rather than written here again: the virtualiser's
// estimates and scroll padding then follow the stylesheet and cannot drift from it. Read once,
// and again after a resize (the narrow layout has other heights).
import { useSyncExternalStore } from 'react';

export interface TableMetrics {
  /** An RRset's height before it is measured: `base` plus `perValue` for each value. */
  base: number;
  perValue: number;
  /** The top bar and column titles, which stay over the rows: a row scrolled to stops below. */
  stickyTop: number;
}

let held: TableMetrics | null = null;

function read(): TableMetrics {
  const style = getComputedStyle(document.documentElement);
  const px = (name: string) => parseFloat(style.getPropertyValue(name)) || 0;
  // Without the stylesheet (a test's DOM), a line of text per value: never 0, which would draw
  // every row at once.
  const perValue = px('--rrset-height-per-value') || parseFloat(style.fontSize) || 16;
  return { base: px('--rrset-height-base'), perValue, stickyTop: px('--records-sticky-top') };
}

function subscribe(changed: () => void) {
  const onResize = () => {
    held = null;
    changed();
  };
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
}

const snapshot = () => (held ??= read());

export function useTableMetrics(): TableMetrics {
  return useSyncExternalStore(subscribe, snapshot);
}
