// Queries per RRset of a zone (GET .../usage/rrsets): the records table's traffic columns and
// the guardrails of its dialogs. Held as a map from "name type" to the RRset's traffic.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RrsetUsage } from '../../shared/api/usage-rrsets';
import { apiRequest } from './client';
import { usageKeys, USAGE_REFETCH_MS } from './usage';

export interface RrsetTraffic {
  queries: number;
  /** ms since the epoch; null when never counted. */
  last: number | null;
}

export interface TrafficMap {
  days: number;
  /** By `${name} ${type}`, the name absolute with its trailing dot. */
  byRRset: ReadonlyMap<string, RrsetTraffic>;
}

export const trafficKey = (name: string, type: string) => `${name} ${type}`;

export const rrsetUsageKeys = {
  zone: (zoneId: string) => [...usageKeys.all, 'rrsets', zoneId] as const,
  days: (zoneId: string, days: number) => [...rrsetUsageKeys.zone(zoneId), days] as const,
};

export function toTrafficMap(answer: RrsetUsage): TrafficMap {
  const byRRset = new Map<string, RrsetTraffic>();
  for (const r of answer.rrsets) {
    byRRset.set(trafficKey(r.name, r.type), {
      queries: r.queries,
      last: r.last_queried_at ? Date.parse(r.last_queried_at) : null,
    });
  }
  return { days: answer.days, byRRset };
}

export const rrsetUsageQuery = (zoneId: string, days: number) =>
  queryOptions({
    queryKey: rrsetUsageKeys.days(zoneId, days),
    queryFn: async ({ signal }): Promise<TrafficMap> =>
      toTrafficMap(
        await apiRequest(`/v1/zones/${encodeURIComponent(zoneId)}/usage/rrsets?days=${days}`, {
          schema: (await import('./rrset-usage-parsers')).rrsetUsageParser,
          signal,
        }),
      ),
    refetchInterval: USAGE_REFETCH_MS,
    staleTime: 0,
  });

export function useRrsetUsage(zoneId: string, days: number, enabled = true) {
  return useQuery({
    ...rrsetUsageQuery(zoneId, days),
    enabled,
    placeholderData: keepPreviousData,
  });
}
