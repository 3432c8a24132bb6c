// The zone list's paging and filter, kept in the URL: ?page=2&size=25&q=shop
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PAGE_SIZES } from '../../ui/pager';

const DEFAULT_SIZE = 10;

export function parseZoneListSearch(params: URLSearchParams) {
  const size = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { page, pageSize, filter: params.get('q') ?? '' };
}

export function useZoneListParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const parsed = parseZoneListSearch(params);

  const hrefFor = useCallback(
    (page: number) => {
      const p = new URLSearchParams(params);
      if (page > 1) p.set('page', String(page));
      else p.delete('page');
      const qs = p.toString();
      return qs ? `${pathname}?${qs}` : pathname;
    },
    [params, pathname],
  );

  const setPageSize = (size: number) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.delete('page'); // a new page size starts again at the first page
      if (size === DEFAULT_SIZE) p.delete('size');
      else p.set('size', String(size));
      return p;
    });

  // Typing in the filter replaces the history entry instead of adding one per key.
  const setFilter = (q: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (q) p.set('q', q);
        else p.delete('q');
        return p;
      },
      { replace: true },
    );

  return { ...parsed, hrefFor, setPageSize, setFilter };
}
