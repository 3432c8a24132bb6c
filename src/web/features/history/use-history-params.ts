// The history's page and page size, kept in the URL: ?page=3&size=50
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { CHANGE_PAGE } from '../../../shared/api/changes';
import { PAGE_SIZES } from '../../ui/pager';

export function parseHistorySearch(params: URLSearchParams) {
  const size = Number(params.get('size'));
  const valid = (PAGE_SIZES as readonly number[]).includes(size) && size <= CHANGE_PAGE.max;
  const pageSize = valid ? size : CHANGE_PAGE.default;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { page, pageSize };
}

export function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const parsed = parseHistorySearch(params);

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
      if (size === CHANGE_PAGE.default) p.delete('size');
      else p.set('size', String(size));
      return p;
    });

  return { ...parsed, hrefFor, setPageSize };
}
