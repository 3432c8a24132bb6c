// The zone's records as one cached list (see record-list.ts), filled from the page stream so that
// the first rows show while the rest load.
import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  addRRsets,
  emptyRecordList,
  groupRecords,
  joinRuns,
  type RecordList,
  type RRset,
} from './record-list';
import { recordKeys } from './record-keys';
import { RECORD_PAGE_SIZE, recordPages } from './record-pages';
import { zoneQuery } from './zones';

type Chunk = { zoneName: string; sets: RRset[]; total: number } | { done: true };

function reduceChunk(list: RecordList, chunk: Chunk): RecordList {
  if ('done' in chunk) return { ...list, complete: true };
  return addRRsets(list, chunk.sets, chunk);
}

/**
 * Pages that arrive within this long of the last update are added together: the table updates a
 * few times a second while a large zone loads, not once per page.
 */
const UPDATE_EVERY_MS = 150;

/** A zone this large is read again only when asked or when it is old, not after each write. */
export const LARGE_LIST = RECORD_PAGE_SIZE;

/** Zones whose last load ended with a count the API disagrees with, read once more. */
const rechecked = new Set<string>();

/**
 * Reads the zone's pages into the list. A first load (or one cut short) shows each batch of
 * pages in the cache as it comes, on top of whatever writes were made meanwhile. A whole list
 * stays on screen while it is read again and is replaced when the new one is whole (a write
 * meanwhile stops that read: see onMutate in record-mutation.ts).
 *
 * The offset paging can miss rows when several records are deleted while pages are read, and a
 * list built on a cut-short one can keep records deleted since: when the records held and the
 * API's total disagree at the end, the zone is read once more.
 */
async function loadRecordList(
  zoneId: string,
  { client, queryKey, signal }: { client: QueryClient; queryKey: QueryKey; signal: AbortSignal },
): Promise<RecordList> {
  const held = client.getQueryData<RecordList>(queryKey);
  const replace = held?.complete === true;
  let building = emptyRecordList();
  const update = (chunk: Chunk) => {
    if (replace) building = reduceChunk(building, chunk);
    else client.setQueryData<RecordList>(queryKey, (prev) => reduceChunk(prev ?? building, chunk));
  };

  // The RRsets show names relative to the zone: its name is read alongside the first page
  // (usually from the cache).
  const zone = client.ensureQueryData(zoneQuery(zoneId));
  zone.catch(() => {}); // reported where it is awaited
  // Each page is grouped when it arrives (a task of its own); an update only merges.
  let batch: RRset[][] = [];
  let total = 0;
  let shown = -Infinity;
  for await (const page of recordPages(zoneId, signal)) {
    const { name } = await zone;
    batch.push(groupRecords(name, page.records));
    total = page.pagination.total;
    if (performance.now() - shown < UPDATE_EVERY_MS) continue;
    update({ zoneName: name, sets: joinRuns(name, batch), total });
    batch = [];
    shown = performance.now();
  }
  const { name } = await zone;
  if (batch.length || !client.getQueryData(queryKey)) {
    update({ zoneName: name, sets: joinRuns(name, batch), total });
  }
  update({ done: true });

  const list = replace ? building : client.getQueryData<RecordList>(queryKey)!;
  const key = JSON.stringify(queryKey);
  if (list.count !== list.total && !rechecked.has(key)) {
    rechecked.add(key);
    // After this fetch has settled: an invalidation during it would be undone by its success.
    setTimeout(() => void client.invalidateQueries({ queryKey, exact: true }), 0);
  } else {
    rechecked.delete(key);
  }
  return list;
}

export const recordListQuery = (zoneId: string) =>
  queryOptions({
    queryKey: recordKeys.list(zoneId),
    queryFn: (context): Promise<RecordList> => loadRecordList(zoneId, context),
    // A list cut short (the page was left while it loaded) is read again on the next visit.
    staleTime: (q) => {
      const list = q.state.data;
      if (!list?.complete) return 0;
      return list.total > 5 * LARGE_LIST ? 5 * 60_000 : 30_000;
    },
    // Rebuilding 100,000 records to share the unchanged ones would cost more than it saves: every
    // update already keeps the RRsets it does not touch.
    structuralSharing: false,
  });

export function useRecords(zoneId: string) {
  return useQuery(recordListQuery(zoneId));
}
