// Zones: the query-key factory, query options and the hooks the pages use.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Region, Zone } from '../../shared/api/zones';
import type { ZoneFileSummary } from '../../shared/api/zone-file';
import { apiRequest } from './client';
import { zoneListParser, type ZoneList } from './zone-list-parser';

// zod (in the shared schemas) loads with the first single-zone request, not with the zone list.
const parsers = () => import('./zone-parsers');

export interface ZoneListParams {
  limit: number;
  offset: number;
  /** Only the zones whose name contains this (the service's filter, in any case). */
  name?: string;
}

/** A zone just created; from a zone file, with what was taken of it (lines left out and why). */
export type CreatedZone = Zone & { zone_file?: ZoneFileSummary | undefined };

/** What the create form sends: the shared createZoneInput, already validated and normalised. */
export interface NewZone {
  name: string;
  region?: Region;
  ttl?: number;
  /** A zone file imported into the new zone in the same step. */
  zone_file?: string;
}

export interface ZoneChanges {
  ttl?: number;
  status?: 'active' | 'disabled';
}

export const zoneKeys = {
  all: ['zones'] as const,
  lists: () => [...zoneKeys.all, 'list'] as const,
  list: (params: ZoneListParams) => [...zoneKeys.lists(), params] as const,
  details: () => [...zoneKeys.all, 'detail'] as const,
  detail: (zoneId: string) => [...zoneKeys.details(), zoneId] as const,
};

const zonePath = (zoneId: string) => `/v1/zones/${encodeURIComponent(zoneId)}`;

export const zoneListQuery = (params: ZoneListParams) =>
  queryOptions({
    queryKey: zoneKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest('/v1/zones', { query: { ...params }, schema: zoneListParser, signal }),
  });

export const zoneQuery = (zoneId: string) =>
  queryOptions({
    queryKey: zoneKeys.detail(zoneId),
    queryFn: async ({ signal }): Promise<Zone> =>
      apiRequest(zonePath(zoneId), { schema: (await parsers()).zoneParser, signal }),
  });

export function useZones(params: ZoneListParams, enabled = true) {
  // The previous page stays on screen while the next one loads: no flash of skeletons.
  return useQuery({ ...zoneListQuery(params), placeholderData: keepPreviousData, enabled });
}

export function useZone(zoneId: string) {
  return useQuery(zoneQuery(zoneId));
}

export function useCreateZone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewZone): Promise<CreatedZone> =>
      apiRequest('/v1/zones', {
        method: 'POST',
        body: input,
        schema: (await parsers()).createdZoneParser,
      }),
    onSuccess: async ({ zone_file: _summary, ...zone }) => {
      qc.setQueryData(zoneKeys.detail(zone.id), zone);
      await qc.invalidateQueries({ queryKey: zoneKeys.lists() });
    },
  });
}

export function useUpdateZone(zoneId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (changes: ZoneChanges): Promise<Zone> =>
      apiRequest(zonePath(zoneId), {
        method: 'PUT',
        body: changes,
        schema: (await parsers()).zoneParser,
      }),
    onSuccess: async (zone) => {
      qc.setQueryData(zoneKeys.detail(zoneId), zone);
      await qc.invalidateQueries({ queryKey: zoneKeys.lists() });
    },
  });
}

export function useDeleteZone(zoneId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      apiRequest(zonePath(zoneId), { method: 'DELETE', schema: (await parsers()).messageParser }),
    onSuccess: async () => {
      // The zone is gone from every route at once (202): drop it everywhere, then refetch.
      qc.setQueriesData<ZoneList>({ queryKey: zoneKeys.lists() }, (page) =>
        page && page.zones.some((z) => z.id === zoneId)
          ? {
              zones: page.zones.filter((z) => z.id !== zoneId),
              pagination: { ...page.pagination, total: page.pagination.total - 1 },
            }
          : page,
      );
      // Marked stale without a refetch: the page still showing it would flash a 404 otherwise.
      await qc.invalidateQueries({ queryKey: zoneKeys.detail(zoneId), refetchType: 'none' });
      await qc.invalidateQueries({ queryKey: zoneKeys.lists() });
    },
  });
}
