// Bulk writes: one batch request (all or nothing, one change in the journal); its Undo is the
// revert of `changes.ts`, shared with the History tab. The batch's answer carries the touched RRsets as they now
// are, so the cached list is put right in one pass instead of being read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { appliedChangeSchema, type BatchOperation } from '../../shared/api/changes';
import { recordSchema } from '../../shared/api/records';
import { apiRequest } from './client';
import { recordKeys, recordsPath, recordWriteKey } from './record-keys';
import { isRecordGone, staleWriteOf } from './record-conflict';
import { addRRsets, groupRecords, keyOf, type RecordList } from './record-list';
import { settle } from './record-mutation';
import { applyAccepted } from './record-optimistic';

const batchResultParser = appliedChangeSchema.extend({ records: z.array(recordSchema) });
export type BatchResult = z.infer<typeof batchResultParser>;
export type AppliedChange = z.infer<typeof appliedChangeSchema>;

export const batchPath = (zoneId: string) => `${recordsPath(zoneId)}/batch`;

export function sendBatch(
  zoneId: string,
  operations: readonly BatchOperation[],
  dryRun = false,
): Promise<BatchResult> {
  return apiRequest(batchPath(zoneId), {
    method: 'POST',
    body: { operations, dry_run: dryRun },
    schema: batchResultParser,
  });
}

/**
 * The list with every RRset the batch touched replaced by its records as the answer gives them
 * (none: the RRset is gone). One filter and one merge, whatever the number of RRsets: editing
 * them one by one would copy a 100,000-record list once per RRset.
 */
export function applyBatchResult(
  list: RecordList,
  result: Pick<BatchResult, 'rrsets' | 'records'>,
): RecordList {
  const touched = new Set(result.rrsets.map((s) => keyOf(list.zoneName, s)));
  let removed = 0;
  const kept = list.sets.filter((s) => {
    if (!touched.has(s.key)) return true;
    removed += s.values.length;
    return false;
  });
  const base = { ...list, sets: kept, count: list.count - removed };
  const total = list.total - removed + result.records.length;
  return addRRsets(base, groupRecords(list.zoneName, result.records), {
    zoneName: list.zoneName,
    total,
  });
}

/**
 * The batch was refused because the list it was made from is out of date (ADR 0028): a record
 * changed since (412, with the record as stored now) or gone (404, its value changed or deleted).
 */
export const isOutdatedBatch = (error: unknown): boolean =>
  staleWriteOf(error) !== null || isRecordGone(error);

/**
 * Applies a batch; on success the cached list takes the answer's records at once. Refused as out
 * of date, the list takes the record as stored now at once and is read again whole (even a large
 * one): the user is about to preview the edit again from it.
 */
export function useRecordBatch(zoneId: string) {
  const qc = useQueryClient();
  const key = recordKeys.list(zoneId);
  return useMutation({
    mutationKey: recordWriteKey(zoneId),
    mutationFn: (operations: readonly BatchOperation[]) => sendBatch(zoneId, operations),
    // A whole list being read again would land over the batch's answer: stop it (a first load
    // merges its pages onto the changed list instead).
    onMutate: async () => {
      if (qc.getQueryData<RecordList>(key)?.complete) await qc.cancelQueries({ queryKey: key });
    },
    onSuccess: (result) => {
      qc.setQueryData<RecordList>(key, (list) => (list ? applyBatchResult(list, result) : list));
    },
    onError: (e) => {
      const now = staleWriteOf(e)?.records ?? [];
      if (!now.length) return;
      qc.setQueryData<RecordList>(key, (list) =>
        list ? now.reduce((l, r) => applyAccepted(l, r, undefined), list) : list,
      );
    },
    onSettled: (_result, e) => settle(qc, zoneId, { whole: isOutdatedBatch(e) }),
  });
}
