// The change watch (GET .../usage/watch): the zone's changes of the last 15 minutes and how
// queries for their names are answered since. Read when a zone page opens, again after a write
// made in this browser or a newer change seen in the history, and every few seconds only while
// some change is still watched.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChangeWatchReport } from '../../shared/api/usage-watch';
import { apiRequest } from './client';
import { changeKeys } from './changes';

const parsers = () => import('./usage-parsers');

/** How often a live watch is read again. */
export const WATCH_POLL_MS = 5_000;

export const watchKeys = {
  all: ['change-watch'] as const,
  zone: (zoneId: string) => [...watchKeys.all, zoneId] as const,
};

/** A watch that still counts: not over, and not reverted. */
export function liveWatches(report: ChangeWatchReport | undefined, now: number) {
  return (report?.changes ?? []).filter(
    (c) => c.verdict.status !== 'reverted' && Date.parse(c.watched_until) > now,
  );
}

export const changeWatchQuery = (zoneId: string) =>
  queryOptions({
    queryKey: watchKeys.zone(zoneId),
    queryFn: async ({ signal }): Promise<ChangeWatchReport> =>
      apiRequest(`/v1/zones/${encodeURIComponent(zoneId)}/usage/watch`, {
        schema: (await parsers()).changeWatchParser,
        signal,
      }),
    staleTime: 0,
    // A key without usage:read, or a service without the route: no banner, and no retries.
    retry: false,
    refetchInterval: (q) => (liveWatches(q.state.data, Date.now()).length ? WATCH_POLL_MS : false),
  });

/** Reads the watch again after a successful write in this browser, or a newer change in a
 * history list of the zone than the watch knows. */
function followChanges(qc: QueryClient, zoneId: string): () => void {
  const again = () => void qc.invalidateQueries({ queryKey: watchKeys.zone(zoneId) });
  const offMutations = qc.getMutationCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'success') again();
  });
  const lists = changeKeys.lists(zoneId);
  const offQueries = qc.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success') return;
    const key = e.query.queryKey;
    if (key.length < lists.length || !lists.every((k, i) => key[i] === k)) return;
    const newest = (e.query.state.data as { changes?: { id: string; created_at: string }[] })
      ?.changes?.[0];
    if (!newest || Date.now() - Date.parse(newest.created_at) > 15 * 60_000) return;
    const known = qc.getQueryData<ChangeWatchReport>(watchKeys.zone(zoneId));
    if (!known?.changes.some((c) => c.change_id === newest.id)) again();
  });
  return () => {
    offMutations();
    offQueries();
  };
}

export function useChangeWatch(zoneId: string) {
  const qc = useQueryClient();
  useEffect(() => followChanges(qc, zoneId), [qc, zoneId]);
  return useQuery(changeWatchQuery(zoneId));
}
