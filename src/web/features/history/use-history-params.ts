// The history's page and page size, kept in the URL: ?page=3&size=50
import { CHANGE_PAGE } from '../../../shared/api/changes';
import { parsePageSearch, usePageParams } from '../../ui/use-page-params';

export const parseHistorySearch = (params: URLSearchParams) => parsePageSearch(params, CHANGE_PAGE);

export function useHistoryParams() {
  const { page, pageSize, hrefFor, setPageSize } = usePageParams(CHANGE_PAGE);
  return { page, pageSize, hrefFor, setPageSize };
}
