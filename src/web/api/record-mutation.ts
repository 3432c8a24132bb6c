// One mutation for every record write: the list changes at once, a refusal puts back only what
// that write changed, and the zone is read again after the last of overlapping writes.
import {
  useMutation,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { DnsRecord } from '../../shared/api/records';
import { changedRRset, type RecordChange, type RecordChangeResult } from './record-change';
import { applyRefusal } from './record-conflict';
import { recordChangeKey, recordKeys, recordWriteKey } from './record-keys';
import { editRRset, rrsetValues, type RecordList } from './record-list';
import { LARGE_LIST } from './record-list-query';
import { applyAccepted, applyOptimistic } from './record-optimistic';
import { sendRecordChange } from './record-routes';
import { zoneKeys } from './zones';

interface Context {
  /** The changed RRset's values before the change: what a refusal puts back. */
  undo: { at: { name: string; type: string }; values: readonly DnsRecord[] } | undefined;
  pendingId: string | undefined;
}

/**
 * After the last of overlapping writes, the zone is read again (its record count) and so is a
 * small list. A large list is only marked old: the answers to the writes already put it right,
 * and reading 100,000 records after every edit would cost seconds each time; it is read again on
 * the next visit or when the window regains focus. `whole`: read it again whatever its size (a
 * write refused because the list is out of date, whose user is about to act on it again).
 */
export async function settle(qc: QueryClient, zoneId: string, { whole = false } = {}) {
  if (qc.isMutating({ mutationKey: recordWriteKey(zoneId) }) > 1) return;
  const list = qc.getQueryData<RecordList>(recordKeys.list(zoneId));
  const large = !whole && (list?.total ?? 0) > LARGE_LIST;
  await Promise.all([
    qc.invalidateQueries({
      queryKey: recordKeys.list(zoneId),
      ...(large ? { refetchType: 'none' as const } : {}),
    }),
    qc.invalidateQueries({ queryKey: zoneKeys.detail(zoneId) }),
  ]);
}

/** One mutation for every record write. On failure the list is put back; the caller says what failed. */
export function useRecordChange(zoneId: string) {
  const qc = useQueryClient();
  return useMutation(recordChangeOptions(qc, zoneId));
}

export function recordChangeOptions(
  qc: QueryClient,
  zoneId: string,
): MutationOptions<RecordChangeResult, unknown, RecordChange, Context> {
  const key = recordKeys.list(zoneId);
  return {
    // Under recordWriteKey (settle counts it), with its own end: usePendingRecordIds reads it.
    mutationKey: recordChangeKey(zoneId),
    mutationFn: (change) => sendRecordChange(zoneId, change),
    onMutate: async (change) => {
      // A whole list being read again would overwrite this change when it lands: stop it (settle
      // reads it again). A first load adds its pages to the changed list instead.
      if (qc.getQueryData<RecordList>(key)?.complete) await qc.cancelQueries({ queryKey: key });
      const list = qc.getQueryData<RecordList>(key);
      if (!list) return { undo: undefined, pendingId: undefined };
      const at = changedRRset(change);
      const undo = { at, values: rrsetValues(list, at) };
      const next = applyOptimistic(list, change);
      qc.setQueryData(key, next.list);
      return { undo, pendingId: next.pendingId };
    },
    // Only this change is undone: pages that arrived and other writes made meanwhile stay. A
    // refusal that says what is stored now (changed or deleted meanwhile) puts that in at once.
    onError: (e, change, context) => {
      const undo = context?.undo;
      if (!undo) return;
      qc.setQueryData<RecordList>(key, (list) => {
        if (!list) return list;
        return applyRefusal(
          editRRset(list, undo.at, () => undo.values),
          change,
          e,
        );
      });
    },
    onSuccess: (result, change, context) => {
      const record = result.record;
      if (!record) return;
      const replacedId =
        change.kind === 'create'
          ? context.pendingId
          : change.kind === 'delete-rrset'
            ? undefined
            : change.current.id;
      qc.setQueryData<RecordList>(key, (list) =>
        list ? applyAccepted(list, record, replacedId) : list,
      );
    },
    onSettled: () => settle(qc, zoneId),
  };
}
