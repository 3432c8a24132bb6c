// The zone list's paging and filter, kept in the URL: ?page=2&size=25&q=shop
import { parsePageSearch, usePageParams } from '../../ui/use-page-params';

// Not ZONE_PAGE from src/shared/api: that module brings zod into the first page's JavaScript.
const SIZES = { default: 10 };

export function parseZoneListSearch(params: URLSearchParams) {
  return { ...parsePageSearch(params, SIZES), filter: params.get('q') ?? '' };
}

export function useZoneListParams() {
  const { params, setParams, page, pageSize, hrefFor, setPageSize } = usePageParams(SIZES);

  // Typing in the filter replaces the history entry instead of adding one per key; the
  // service pages the matches, so a new filter starts at their first page.
  const setFilter = (q: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (q) p.set('q', q);
        else p.delete('q');
        if (q !== (prev.get('q') ?? '')) p.delete('page');
        return p;
      },
      { replace: true },
    );

  return { page, pageSize, filter: params.get('q') ?? '', hrefFor, setPageSize, setFilter };
}
