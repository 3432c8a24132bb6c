// A list in its own scrolling box that draws only the items in view: a zone file's diff, errors
// or skipped lines may run to 100,000 items.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, type ReactNode } from 'react';
import { cx } from './cx';

interface VirtualListProps<T> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** A close guess of an item's height in pixels; items are measured once drawn. */
  estimate: (item: T) => number;
  itemKey: (item: T, index: number) => string | number;
  render: (item: T, index: number) => ReactNode;
  className?: string;
}

export function VirtualList<T>({
  items,
  label,
  estimate,
  itemKey,
  render,
  className,
}: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback((i: number) => itemKey(items[i]!, i), [items, itemKey]);
  // Nothing memoised reads the virtualiser: the list draws again with it on every scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => estimate(items[i]!),
    getItemKey,
    overscan: 8,
  });
  const rows = virtualizer.getVirtualItems();
  return (
    <div
      ref={scroller}
      className={cx('vlist', className)}
      // A scrolling region of its own: focusable, so that the keyboard scrolls it.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <ul className="vlist-items" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className="vlist-item"
            // Only a window of the items is in the DOM: each says where it stands in the whole.
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {render(items[row.index]!, row.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
