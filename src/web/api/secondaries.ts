// Secondaries: the query-key factory, query options and hooks of where a zone has arrived (the
// serial each of the operator's secondaries serves) and of the "send NOTIFY now" action.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Secondaries } from '../../shared/api/secondaries';
import { isApiError } from './api-error';
import { apiRequest } from './client';

// zod (in the shared schema) loads with the first request, not with the initial page.
const parsers = () => import('../../shared/api/secondaries');
const base = (zoneId: string) => `/v1/zones/${encodeURIComponent(zoneId)}/secondaries`;

/**
 * A change reaches a secondary within a second or two of its NOTIFY: poll often enough to see
 * it arrive while someone watches. Polling stops in background tabs
 * (refetchIntervalInBackground stays false).
 */
export const SECONDARIES_REFETCH_MS = 5_000;

export const secondaryKeys = {
  all: ['secondaries'] as const,
  zone: (zoneId: string) => [...secondaryKeys.all, zoneId] as const,
};

/**
 * Asking again is no use: a key without the scope (403), a zone gone or a service without the
 * route (404; the hosted service has none), a zone the DNS server does not serve (409).
 */
export const isFinalSecondariesError = (error: unknown) =>
  isApiError(error) && [403, 404, 409].includes(error.status);

/**
 * Polled every `everyMs`, but not after a final error, nor when the service has no secondaries
 * (they are its configuration: none appear without a restart).
 */
export const secondariesQuery = (zoneId: string, everyMs = SECONDARIES_REFETCH_MS) =>
  queryOptions({
    queryKey: secondaryKeys.zone(zoneId),
    queryFn: async ({ signal }): Promise<Secondaries> =>
      apiRequest(base(zoneId), { schema: (await parsers()).secondariesSchema, signal }),
    refetchInterval: (query) =>
      isFinalSecondariesError(query.state.error) || query.state.data?.secondaries.length === 0
        ? false
        : everyMs,
    staleTime: 0,
  });

export function useSecondaries(zoneId: string, everyMs?: number) {
  return useQuery(secondariesQuery(zoneId, everyMs));
}

/** Sends NOTIFY to every secondary now; then the states of that zone are read again. */
export const notifySecondariesOptions = (qc: QueryClient, zoneId: string) => ({
  mutationFn: async () =>
    apiRequest(`${base(zoneId)}/notify`, {
      method: 'POST',
      schema: (await parsers()).notifySentSchema,
    }),
  onSuccess: () => qc.invalidateQueries({ queryKey: secondaryKeys.zone(zoneId) }),
});

export function useNotifySecondaries(zoneId: string) {
  const qc = useQueryClient();
  return useMutation(notifySecondariesOptions(qc, zoneId));
}
