// Usage: the query-key factory, query options and hooks of the zone's query counts, and where
// the service's DNS server listens (for the "how to test" hint of an empty chart).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { ServiceInfo, UsageAnswer as Usage } from './usage-parsers';

const parsers = () => import('./usage-parsers');

/** The counts change with every query the DNS server answers: refetch while the page is seen. */
export const USAGE_REFETCH_MS = 30_000;

export const usageKeys = {
  all: ['usage'] as const,
  details: () => [...usageKeys.all, 'detail'] as const,
  detail: (zoneId: string) => [...usageKeys.details(), zoneId] as const,
  service: () => [...usageKeys.all, 'service'] as const,
};

export const usageQuery = (zoneId: string) =>
  queryOptions({
    queryKey: usageKeys.detail(zoneId),
    queryFn: async ({ signal }): Promise<Usage> =>
      apiRequest(`/v1/zones/${encodeURIComponent(zoneId)}/usage`, {
        schema: (await parsers()).usageParser,
        signal,
      }),
    // Polling stops while the tab is hidden (refetchIntervalInBackground is false).
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

export function useUsage(zoneId: string) {
  return useQuery(usageQuery(zoneId));
}

/** Where to send test queries; `enabled` false until the hint is shown. */
export function useServiceInfo(enabled = true) {
  return useQuery({ ...serviceInfoQuery(), enabled });
}
