// Usage: the query-key factory, query options and hooks of the zone's query counts, and where
// the service's DNS server listens (for the "how to test" hint of an empty chart).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { ServiceInfo, TopNamesAnswer, UsageAnswer as Usage } from './usage-parsers';

const parsers = () => import('./usage-parsers');

/** The counts change with every query the DNS server answers: refetch while the page is seen. */
export const USAGE_REFETCH_MS = 30_000;

/** A range of UTC days (YYYY-MM-DD, both included); none: the service's default, this month. */
export interface UsageDays {
  start: string;
  end: string;
}

export const usageKeys = {
  all: ['usage'] as const,
  details: () => [...usageKeys.all, 'detail'] as const,
  detail: (zoneId: string, days?: UsageDays, hourly = false) =>
    [
      ...usageKeys.details(),
      zoneId,
      hourly ? 'hours' : days ? `${days.start}..${days.end}` : 'month',
    ] as const,
  service: () => [...usageKeys.all, 'service'] as const,
  topNamesOf: (zoneId: string) => [...usageKeys.all, 'top-names', zoneId] as const,
  topNames: (zoneId: string, date: string) => [...usageKeys.topNamesOf(zoneId), date] as const,
};

/** `hourly`: the last 7 days with their hourly series (granularity=hour), whatever `days`. */
export const usageQuery = (zoneId: string, days?: UsageDays, hourly = false) =>
  queryOptions({
    queryKey: usageKeys.detail(zoneId, days, hourly),
    queryFn: async ({ signal }): Promise<Usage> =>
      apiRequest(`/v1/zones/${encodeURIComponent(zoneId)}/usage${usageSearch(days, hourly)}`, {
        schema: (await parsers()).usageParser,
        signal,
      }),
    // Polling stops while the tab is hidden (refetchIntervalInBackground is false).
    refetchInterval: USAGE_REFETCH_MS,
    staleTime: 0,
  });

/** The most asked names of a UTC day, and the names that got NXDOMAIN. */
export const topNamesQuery = (zoneId: string, date: string) =>
  queryOptions({
    queryKey: usageKeys.topNames(zoneId, date),
    queryFn: async ({ signal }): Promise<TopNamesAnswer> =>
      apiRequest(
        `/v1/zones/${encodeURIComponent(zoneId)}/usage/top-names?${new URLSearchParams({ date }).toString()}`,
        { schema: (await parsers()).topNamesParser, signal },
      ),
    refetchInterval: USAGE_REFETCH_MS,
    staleTime: 0,
  });

export const serviceInfoQuery = () =>
  queryOptions({
    queryKey: usageKeys.service(),
    queryFn: async ({ signal }): Promise<ServiceInfo> =>
      apiRequest('/service.json', { schema: (await parsers()).serviceInfoParser, signal }),
    staleTime: Infinity,
    // A service without /service.json (the hosted one) is answered by the nameserver fallback.
    retry: false,
  });

function usageSearch(days?: UsageDays, hourly = false): string {
  if (hourly) return '?granularity=hour';
  if (!days) return '';
  return `?${new URLSearchParams({ start_date: days.start, end_date: days.end }).toString()}`;
}

export function useUsage(zoneId: string, days?: UsageDays, hourly = false) {
  return useQuery({ ...usageQuery(zoneId, days, hourly), placeholderData: keepPreviousData });
}

export function useTopNames(zoneId: string, date: string) {
  return useQuery({ ...topNamesQuery(zoneId, date), placeholderData: keepPreviousData });
}

/** Where to send test queries; `enabled` false until the hint is shown. */
export function useServiceInfo(enabled = true) {
  return useQuery({ ...serviceInfoQuery(), enabled });
}
