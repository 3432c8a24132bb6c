// A paged list's page and page size, kept in the URL (?page=3&size=50) so a view can be bookmarked.
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PAGE_SIZES } from './pager';

export interface PageSizeRule {
  default: number;
  /** The largest size the API serves, when it is below the pager's largest choice. */
  max?: number;
}

export function parsePageSearch(params: URLSearchParams, sizes: PageSizeRule) {
  const size = Number(params.get('size'));
  const offered = (PAGE_SIZES as readonly number[]).includes(size);
  const pageSize = offered && size <= (sizes.max ?? Infinity) ? size : sizes.default;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { page, pageSize };
}

export function usePageParams(sizes: PageSizeRule) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const parsed = parsePageSearch(params, sizes);

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
      if (size === sizes.default) p.delete('size');
      else p.set('size', String(size));
      return p;
    });

  return { ...parsed, params, setParams, hrefFor, setPageSize };
}
