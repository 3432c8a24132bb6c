// Which records a write is under way to. A second write to one of them would be made from the
// list's optimistic state, not from what is stored, and refused as if someone else had changed
// it (412): the table waits for the first write instead.
import { useMutationState, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { changedRecordIds, type RecordChange } from './record-change';
import { recordChangeKey } from './record-keys';

const idsOf = (variables: unknown) =>
  variables ? changedRecordIds(variables as RecordChange) : [];

/** Ids of the records of the zone with a write (edit, switch, delete) still under way. */
export function usePendingRecordIds(zoneId: string): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: recordChangeKey(zoneId), status: 'pending' },
    select: (m) => idsOf(m.state.variables),
  });
  return useMemo(() => new Set(ids.flat()), [ids]);
}

/** The same for one record, read now: a second click may come before the table shows it busy. */
export function isRecordPending(qc: QueryClient, zoneId: string, id: string): boolean {
  return (
    qc.isMutating({
      mutationKey: recordChangeKey(zoneId),
      predicate: (m) => idsOf(m.state.variables).includes(id),
    }) > 0
  );
}
