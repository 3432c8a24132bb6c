// Records: every record of a zone in one cached list (see record-list.ts), streamed in page by
// page so that the first rows show while the rest load, and the writes, which update that list
// optimistically and put it back when the service refuses.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { DnsRecord } from '../../shared/api/records';
import { apiRequest } from './client';
import { recordDeleteParser, recordPageParser, recordWriteParser } from './record-parsers';
import {
  addRRsets,
  editRRset,
  emptyRecordList,
  groupRecords,
  joinRuns,
  rrsetValues,
  type RecordList,
  type RRset,
} from './record-list';
import { zoneKeys, zoneQuery } from './zones';

type RecordPage = z.infer<typeof recordPageParser>;

export type { DnsRecord } from '../../shared/api/records';
export type { RecordList, RRset } from './record-list';

/** The API's largest page. */
export const RECORD_PAGE_SIZE = 1000;
/** Pages requested at once: what a browser sends to one host in parallel over HTTP/1.1. */
export const PAGES_IN_FLIGHT = 6;

export const recordKeys = {
  all: ['records'] as const,
  lists: () => [...recordKeys.all, 'list'] as const,
  list: (zoneId: string) => [...recordKeys.lists(), zoneId] as const,
};

const recordsPath = (zoneId: string) => `/v1/zones/${encodeURIComponent(zoneId)}/records`;
const byNamePath = (zoneId: string, name: string, type: string) =>
  `${recordsPath(zoneId)}/by-name/${encodeURIComponent(name)}/${encodeURIComponent(type)}`;

/**
 * Every page of the zone's records, each as soon as it arrives: the first tells `total`, then the
 * others are requested, `PAGES_IN_FLIGHT` at a time, and come in the order they are answered.
 * Consecutive pages overlap by one record (offsets step by count - 1) and the list keeps a record
 * once by id: a row that shifts by one between pages (someone else's write while the pages are
 * read) is then never lost.
 */
export async function* recordPages(
  zoneId: string,
  signal?: AbortSignal,
): AsyncGenerator<RecordPage> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  const page = (offset: number) =>
    apiRequest(recordsPath(zoneId), {
      query: { limit: RECORD_PAGE_SIZE, offset },
      schema: recordPageParser,
      signal: stop.signal,
    });
  try {
    const first = await page(0);
    yield first;
    if (!first.pagination.has_more || first.pagination.count <= 1) return;
    const step = first.pagination.count - 1;
    const offsets: number[] = [];
    for (let o = step; o < first.pagination.total; o += step) offsets.push(o);

    const inFlight = new Map<number, Promise<[number, RecordPage]>>();
    let next = 0;
    const launch = () => {
      const offset = offsets[next++]!;
      const p = page(offset).then((r): [number, RecordPage] => [offset, r]);
      p.catch(() => {}); // a page that fails is reported when it is awaited
      inFlight.set(offset, p);
    };
    while (next < offsets.length && inFlight.size < PAGES_IN_FLIGHT) launch();
    let last = first;
    while (inFlight.size > 0) {
      const [offset, p] = await Promise.race(inFlight.values());
      inFlight.delete(offset);
      if (next < offsets.length) launch();
      if (offset > last.pagination.offset) last = p;
      yield p;
    }
    // The zone grew while reading: follow has_more from the last page, one page at a time.
    while (last.pagination.has_more && last.pagination.count > 1) {
      last = await page(last.pagination.offset + last.pagination.count - 1);
      yield last;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
}

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
const LARGE_LIST = RECORD_PAGE_SIZE;

/** Zones whose last load ended with a count the API disagrees with, read once more. */
const rechecked = new Set<string>();

/**
 * Reads the zone's pages into the list. A first load (or one cut short) shows each batch of
 * pages in the cache as it comes, on top of whatever writes were made meanwhile. A whole list
 * stays on screen while it is read again and is replaced when the new one is whole (a write
 * meanwhile stops that read: see onMutate).
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

/** What a form sends: the absolute name (as the list holds it), content already canonical. */
export interface RecordInput {
  name: string;
  type: string;
  content: string;
  ttl: number;
  disabled: boolean;
  /** RRset-wide; null removes it, undefined keeps the RRset's comment. */
  comment?: string | null;
}

export type RecordChange =
  | { kind: 'create'; input: RecordInput }
  /** `rrsetSize` picks the route: by id for a lone value, by name with content= otherwise. */
  | { kind: 'update'; current: DnsRecord; input: RecordInput; rrsetSize: number }
  | { kind: 'toggle'; current: DnsRecord; rrsetSize: number }
  | { kind: 'delete'; current: DnsRecord }
  | { kind: 'delete-rrset'; name: string; type: string; count: number };

export interface RecordChangeResult {
  /** The record as it now is (create, update, toggle): its id is new when the content changed. */
  record: DnsRecord | null;
  message: string;
}

/** Ids of values still being created: shown as "Saving…" with no actions. */
export const PENDING_PREFIX = 'pending:';
let pendingCounter = 0;

/** The RRset's TTL and comment are one: a write through one value shows on every value. */
function withRRsetFields(
  values: readonly DnsRecord[],
  r: DnsRecord,
  comment: boolean,
): DnsRecord[] {
  return values.map((x) => ({ ...x, ttl: r.ttl, ...(comment ? { comment: r.comment } : {}) }));
}

/** The list as it will be once the change is accepted (what the table shows meanwhile). */
export function applyOptimistic(
  list: RecordList,
  change: RecordChange,
): { list: RecordList; pendingId?: string } {
  switch (change.kind) {
    case 'create': {
      const { input } = change;
      const pendingId = `${PENDING_PREFIX}${++pendingCounter}`;
      const next = editRRset(list, input, (values) => {
        const record: DnsRecord = {
          id: pendingId,
          name: input.name,
          type: input.type,
          content: input.content,
          ttl: input.ttl,
          disabled: input.disabled,
          comment:
            input.comment === undefined ? (values[0]?.comment ?? null) : input.comment || null,
        };
        return withRRsetFields([...values, record], record, input.comment !== undefined);
      });
      return { list: next, pendingId };
    }
    case 'update': {
      const { current, input } = change;
      const next: DnsRecord = {
        ...current,
        content: input.content,
        ttl: input.ttl,
        disabled: input.disabled,
        comment: input.comment === undefined ? current.comment : input.comment || null,
      };
      return {
        list: editRRset(list, current, (values) =>
          withRRsetFields(
            values.map((x) => (x.id === current.id ? next : x)),
            next,
            input.comment !== undefined,
          ),
        ),
      };
    }
    case 'toggle':
      return {
        list: editRRset(list, change.current, (values) =>
          values.map((x) =>
            x.id === change.current.id ? { ...x, disabled: !change.current.disabled } : x,
          ),
        ),
      };
    case 'delete':
      return {
        list: editRRset(list, change.current, (values) =>
          values.filter((x) => x.id !== change.current.id),
        ),
      };
    case 'delete-rrset':
      return { list: editRRset(list, change, () => []) };
  }
}

async function send(zoneId: string, change: RecordChange): Promise<RecordChangeResult> {
  const write = async (path: string, method: 'POST' | 'PUT', body: unknown, query = {}) => {
    const record = await apiRequest(path, { method, body, query, schema: recordWriteParser });
    return { record, message: '' };
  };
  const body = (input: RecordInput, withName: boolean) => ({
    ...(withName ? { name: input.name, type: input.type } : {}),
    content: input.content,
    ttl: input.ttl,
    disabled: input.disabled,
    ...(input.comment === undefined ? {} : { comment: input.comment }),
  });
  const update = (current: DnsRecord, input: RecordInput, rrsetSize: number) =>
    rrsetSize > 1
      ? write(byNamePath(zoneId, current.name, current.type), 'PUT', body(input, false), {
          content: current.content,
        })
      : write(`${recordsPath(zoneId)}/${encodeURIComponent(current.id)}`, 'PUT', body(input, true));

  switch (change.kind) {
    case 'create':
      return write(recordsPath(zoneId), 'POST', body(change.input, true));
    case 'update':
      return update(change.current, change.input, change.rrsetSize);
    case 'toggle': {
      const c = change.current;
      const input = { ...c, disabled: !c.disabled, comment: undefined };
      return update(c, input, change.rrsetSize);
    }
    case 'delete': {
      const r = await apiRequest(
        `${recordsPath(zoneId)}/${encodeURIComponent(change.current.id)}`,
        { method: 'DELETE', schema: recordDeleteParser },
      );
      return { record: null, message: r.message };
    }
    case 'delete-rrset': {
      const r = await apiRequest(byNamePath(zoneId, change.name, change.type), {
        method: 'DELETE',
        schema: recordDeleteParser,
      });
      return { record: null, message: r.message };
    }
  }
}

interface Context {
  /** The changed RRset's values before the change: what a refusal puts back. */
  undo: { at: { name: string; type: string }; values: readonly DnsRecord[] } | undefined;
  pendingId: string | undefined;
}

/** The RRset a change touches. */
const changedRRset = (change: RecordChange) =>
  change.kind === 'create'
    ? change.input
    : change.kind === 'delete-rrset'
      ? change
      : change.current;

const mutationKey = (zoneId: string) => ['records', 'write', zoneId] as const;

/**
 * After the last of overlapping writes, the zone is read again (its record count) and so is a
 * small list. A large list is only marked old: the answers to the writes already put it right,
 * and reading 100,000 records after every edit would cost seconds each time; it is read again on
 * the next visit or when the window regains focus.
 */
async function settle(qc: QueryClient, zoneId: string) {
  if (qc.isMutating({ mutationKey: mutationKey(zoneId) }) > 1) return;
  const list = qc.getQueryData<RecordList>(recordKeys.list(zoneId));
  const large = (list?.total ?? 0) > LARGE_LIST;
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
    mutationKey: mutationKey(zoneId),
    mutationFn: (change) => send(zoneId, change),
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
    // Only this change is undone: pages that arrived and other writes made meanwhile stay.
    onError: (_e, _change, context) => {
      const undo = context?.undo;
      if (!undo) return;
      qc.setQueryData<RecordList>(key, (list) =>
        list ? editRRset(list, undo.at, () => undo.values) : list,
      );
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
        list
          ? editRRset(list, record, (values) =>
              withRRsetFields(
                [...values.filter((x) => x.id !== replacedId && x.id !== record.id), record],
                record,
                true,
              ),
            )
          : list,
      );
    },
    onSettled: () => settle(qc, zoneId),
  };
}
