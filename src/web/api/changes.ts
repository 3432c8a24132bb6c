// The change journal: the query-key factory, query options and hooks of a zone's history, one
// change's RRset diff, and the revert.
import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  appliedChangeSchema,
  ChangeDetail,
  changeConflictDetailsSchema,
  ChangeSummary,
  RevertInput,
} from '../../shared/api/changes';
import type { Pagination } from '../../shared/api/common';
import { isApiError } from './api-error';
import { apiRequest } from './client';
import { recordKeys, recordWriteKey } from './record-keys';
import { zoneKeys } from './zones';

const parsers = () => import('./change-parsers');

export interface ChangeList {
  changes: ChangeSummary[];
  pagination: Pagination;
}
export type AppliedChange = z.infer<typeof appliedChangeSchema>;
export type ChangeConflict = z.infer<typeof changeConflictDetailsSchema>;

export interface ChangePageParams {
  limit: number;
  offset: number;
}

export const changeKeys = {
  all: ['changes'] as const,
  zone: (zoneId: string) => [...changeKeys.all, zoneId] as const,
  lists: (zoneId: string) => [...changeKeys.zone(zoneId), 'list'] as const,
  list: (zoneId: string, params: ChangePageParams) =>
    [...changeKeys.lists(zoneId), params] as const,
  detail: (zoneId: string, changeId: string) =>
    [...changeKeys.zone(zoneId), 'detail', changeId] as const,
};

const changesPath = (zoneId: string) => `/v1/zones/${encodeURIComponent(zoneId)}/changes`;
const changePath = (zoneId: string, changeId: string) =>
  `${changesPath(zoneId)}/${encodeURIComponent(changeId)}`;

export const changeListQuery = (zoneId: string, params: ChangePageParams) =>
  queryOptions({
    queryKey: changeKeys.list(zoneId, params),
    queryFn: async ({ signal }): Promise<ChangeList> =>
      apiRequest(changesPath(zoneId), {
        query: { ...params },
        schema: (await parsers()).changeListParser,
        signal,
      }),
    // Any write anywhere in the dashboard (records, zone settings, DNSSEC) adds a change: the page
    // is read again on each visit. One second still lets the tab use what its loader prefetched.
    staleTime: 1_000,
  });

export const changeQuery = (zoneId: string, changeId: string) =>
  queryOptions({
    queryKey: changeKeys.detail(zoneId, changeId),
    queryFn: async ({ signal }): Promise<ChangeDetail> =>
      apiRequest(changePath(zoneId, changeId), {
        schema: (await parsers()).changeDetailParser,
        signal,
      }),
    // A change never changes once written.
    staleTime: Infinity,
  });

/** One page of the history (newest first); `page` counts from 1. */
export function useChanges(zoneId: string, page: number, pageSize: number) {
  const params = { limit: pageSize, offset: (page - 1) * pageSize };
  // The page shown stays while the next one loads: no flash of skeletons.
  return useQuery({ ...changeListQuery(zoneId, params), placeholderData: keepPreviousData });
}

/** A change's RRset diff: asked for only when the change is opened. */
export function useChange(zoneId: string, changeId: string, enabled = true) {
  return useQuery({ ...changeQuery(zoneId, changeId), enabled });
}

/** The RRsets that changed since, when `error` is a 409 change_conflict; null otherwise. */
export async function conflictOf(error: unknown): Promise<ChangeConflict | null> {
  if (!isApiError(error) || error.code !== 'change_conflict') return null;
  const parsed = (await parsers()).conflictDetailsParser.safeParse(error.details);
  return parsed.success ? parsed.data : { rrsets: [] };
}

export interface RevertPreview {
  /** What the revert would change (forced, when there is a conflict). */
  preview: AppliedChange;
  /** The RRsets changed since the change, when a plain revert is refused. */
  conflict: ChangeConflict | null;
}

const revert = async (zoneId: string, changeId: string, body: RevertInput) =>
  apiRequest(`${changePath(zoneId, changeId)}/revert`, {
    method: 'POST',
    body,
    schema: (await parsers()).appliedChangeParser,
  });

/**
 * The revert's dry run: what it would change. On a conflict, the conflict and what a forced
 * revert would change, so that both can be shown before anything is written. Never cached: the
 * zone may change between two looks.
 */
export const revertPreviewQuery = (zoneId: string, changeId: string) =>
  queryOptions({
    queryKey: [...changeKeys.detail(zoneId, changeId), 'revert-preview'] as const,
    queryFn: async (): Promise<RevertPreview> => {
      try {
        return { preview: await revert(zoneId, changeId, { dry_run: true }), conflict: null };
      } catch (e) {
        const conflict = await conflictOf(e);
        if (!conflict) throw e;
        const preview = await revert(zoneId, changeId, { dry_run: true, force: true });
        return { preview, conflict };
      }
    },
    staleTime: 0,
    gcTime: 0,
  });

export function useRevertPreview(zoneId: string, changeId: string) {
  return useQuery(revertPreviewQuery(zoneId, changeId));
}

export interface RevertVars extends RevertInput {
  changeId: string;
}

/** The revert as mutation options: the History tab's dialog and the records' Undo share them. */
export const revertChangeOptions = (qc: QueryClient, zoneId: string) =>
  mutationOptions({
    // A record write: it queues behind the records page's own writes, as they do behind each other.
    mutationKey: recordWriteKey(zoneId),
    mutationFn: ({ changeId, ...body }: RevertVars): Promise<AppliedChange> =>
      revert(zoneId, changeId, body),
    onSuccess: async (applied: AppliedChange) => {
      if (applied.dry_run) return; // nothing was written
      // The revert is a new change at the top of the history; the records and the zone (its
      // serial, and the settings a revert may put back) are read again.
      await Promise.all([
        qc.invalidateQueries({ queryKey: changeKeys.lists(zoneId) }),
        qc.invalidateQueries({ queryKey: recordKeys.list(zoneId) }),
        qc.invalidateQueries({ queryKey: zoneKeys.detail(zoneId) }),
        qc.invalidateQueries({ queryKey: zoneKeys.lists() }),
      ]);
    },
    // Refused because the records changed since (by someone else, maybe in another tab): the
    // list is read again, so that the table shows the later change the message speaks of.
    onError: (e: unknown) => {
      if (isApiError(e) && e.code === 'change_conflict') {
        void qc.invalidateQueries({ queryKey: recordKeys.list(zoneId) });
      }
    },
  });

export function useRevertChange(zoneId: string) {
  const qc = useQueryClient();
  return useMutation(revertChangeOptions(qc, zoneId));
}
