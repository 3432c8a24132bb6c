// Previous/next paging over an offset/limit API, with the page size choice and the totals.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';
import { formatNumber } from './format';
import { IconChevronLeft, IconChevronRight } from './icons';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  count: number;
  hasMore: boolean;
  /** The href of another page (keeps the rest of the URL). */
  hrefFor: (page: number) => string;
  onPageSizeChange: (size: number) => void;
  noun: string;
}

export function Pager(props: PagerProps) {
  const { page, pageSize, total, count, hasMore, hrefFor, noun } = props;
  const sizeId = useId();
  const first = count ? (page - 1) * pageSize + 1 : 0;
  const last = (page - 1) * pageSize + count;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label="Pages">
      <p className="pager-summary" aria-live="polite">
        {count
          ? `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)} ${noun}`
          : `${formatNumber(total)} ${noun}`}
        <span className="muted">
          {' '}
          · Page {page} of {pages}
        </span>
      </p>
      <div className="pager-controls">
        <label className="pager-size" htmlFor={sizeId}>
          Per page
          <select
            id={sizeId}
            className="select select-sm"
            value={pageSize}
            onChange={(e) => props.onPageSizeChange(Number(e.target.value))}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <PageLink to={page > 1 ? hrefFor(page - 1) : null} rel="prev">
          <IconChevronLeft /> Previous
        </PageLink>
        <PageLink to={hasMore ? hrefFor(page + 1) : null} rel="next">
          Next <IconChevronRight />
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({ to, rel, children }: { to: string | null; rel: string; children: ReactNode }) {
  const cls = buttonClass('secondary', 'sm');
  if (to === null) {
    return (
      <button type="button" className={cls} disabled>
        {children}
      </button>
    );
  }
  return (
    <Link className={cls} to={to} rel={rel}>
      {children}
    </Link>
  );
}
