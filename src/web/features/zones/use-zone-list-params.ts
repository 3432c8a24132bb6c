// The zone list's paging and filter, kept in the URL: ?page=2&size=25&q=shop
import { parsePageSearch, usePageParams } from '../../ui/use-page-params';
import { MAX_NAME_LENGTH } from '../../../shared/dns/labels';

// Not ZONE_PAGE from src/shared/api: that module brings zod into the first page's JavaScript.
const SIZES = { default: 10 };

export function parseZoneListSearch(params: URLSearchParams) {
  return { ...parsePageSearch(params, SIZES), filter: params.get('q') ?? '' };
}

/**
 * What the zone list asks the service for a page, a page size and a filter (trimmed): the
 * account's zones, the page shown without a filter and with one the first page (for the
 * account's total, and for once the filter is cleared); and with a filter, its matches paged in
 * turn. No zone name is longer than a DNS name may be: a longer filter matches nothing, and the
 * service refuses it (400), which a Retry would not cure, so it is not asked. The page and the
 * route's loader (which starts them with the page's code) ask the same.
 */
export function zoneListRequests(page: number, pageSize: number, needle: string) {
  const offset = (page - 1) * pageSize;
  const filtering = needle !== '';
  const tooLong = needle.length > MAX_NAME_LENGTH;
  return {
    filtering,
    tooLong,
    account: { limit: pageSize, offset: filtering ? 0 : offset },
    matching: { limit: pageSize, offset, name: needle },
    /** Whether the matches are asked for. */
    matches: filtering && !tooLong,
  };
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
