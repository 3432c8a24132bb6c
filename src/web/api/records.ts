// Records: every record of a zone in one cached list (paged from the API), and the writes, which
// update that list optimistically and put it back when the service refuses.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { DnsRecord } from '../../shared/api/records';
import { apiRequest } from './client';
import { recordDeleteParser, recordPageParser, recordWriteParser } from './record-parsers';

type RecordPage = z.infer<typeof recordPageParser>;
import { zoneKeys } from './zones';

export type { DnsRecord } from '../../shared/api/records';

/** The API's largest page: a zone of 5,000 records takes six requests, five of them in parallel. */
export const RECORD_PAGE_SIZE = 1000;

export const recordKeys = {
  all: ['records'] as const,
  lists: () => [...recordKeys.all, 'list'] as const,
  list: (zoneId: string) => [...recordKeys.lists(), zoneId] as const,
};

const recordsPath = (zoneId: string) => `/v1/zones/${encodeURIComponent(zoneId)}/records`;
const byNamePath = (zoneId: string, name: string, type: string) =>
  `${recordsPath(zoneId)}/by-name/${encodeURIComponent(name)}/${encodeURIComponent(type)}`;

/**
 * Follows the paging to the end: the first page tells `total`, then the remaining pages are
 * requested together. Consecutive pages overlap by one record (offsets step by count - 1), and
 * records are kept once by id: a row that shifts by one between pages (a record created or
 * deleted by someone else while the pages are read) is then never lost.
 */
export async function fetchAllRecords(zoneId: string, signal?: AbortSignal): Promise<DnsRecord[]> {
  const page = (offset: number) =>
    apiRequest(recordsPath(zoneId), {
      query: { limit: RECORD_PAGE_SIZE, offset },
      schema: recordPageParser,
      signal,
    });
  const byId = new Map<string, DnsRecord>();
  const keep = (p: RecordPage) => {
    for (const r of p.records) byId.set(r.id, r);
    return p;
  };
  const first = keep(await page(0));
  if (first.pagination.has_more && first.pagination.count > 1) {
    const step = first.pagination.count - 1;
    const offsets: number[] = [];
    for (let o = step; o < first.pagination.total; o += step) offsets.push(o);
    const rest = (await Promise.all(offsets.map(page))).map(keep);
    // The zone grew while reading: follow has_more from the last page, one page at a time.
    let last = rest.at(-1) ?? first;
    while (
      last.pagination.has_more &&
      last.pagination.count > 1 &&
      byId.size < last.pagination.total
    ) {
      last = keep(await page(last.pagination.offset + last.pagination.count - 1));
    }
  }
  return [...byId.values()];
}

export const recordListQuery = (zoneId: string) =>
  queryOptions({
    queryKey: recordKeys.list(zoneId),
    queryFn: ({ signal }) => fetchAllRecords(zoneId, signal),
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

const sameRRset = (a: { name: string; type: string }, b: { name: string; type: string }) =>
  a.name === b.name && a.type === b.type;

/** The RRset's TTL and comment are one: a write through one value shows on every value. */
function withRRsetFields(list: DnsRecord[], r: DnsRecord, comment: boolean): DnsRecord[] {
  return list.map((x) =>
    sameRRset(x, r) ? { ...x, ttl: r.ttl, ...(comment ? { comment: r.comment } : {}) } : x,
  );
}

/** The list as it will be once the change is accepted (what the table shows meanwhile). */
export function applyOptimistic(
  list: DnsRecord[],
  change: RecordChange,
): { list: DnsRecord[]; pendingId?: string } {
  switch (change.kind) {
    case 'create': {
      const { input } = change;
      const pendingId = `${PENDING_PREFIX}${++pendingCounter}`;
      const existing = list.find((x) => sameRRset(x, input));
      const record: DnsRecord = {
        id: pendingId,
        name: input.name,
        type: input.type,
        content: input.content,
        ttl: input.ttl,
        disabled: input.disabled,
        comment: input.comment === undefined ? (existing?.comment ?? null) : input.comment || null,
      };
      return {
        list: withRRsetFields([...list, record], record, input.comment !== undefined),
        pendingId,
      };
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
      const replaced = list.map((x) => (x.id === current.id ? next : x));
      return { list: withRRsetFields(replaced, next, input.comment !== undefined) };
    }
    case 'toggle':
      return {
        list: list.map((x) =>
          x.id === change.current.id ? { ...x, disabled: !change.current.disabled } : x,
        ),
      };
    case 'delete':
      return { list: list.filter((x) => x.id !== change.current.id) };
    case 'delete-rrset':
      return { list: list.filter((x) => !sameRRset(x, change)) };
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
  previous: DnsRecord[] | undefined;
  pendingId: string | undefined;
}

const mutationKey = (zoneId: string) => ['records', 'write', zoneId] as const;

/** After the last of overlapping writes, the list is read again (and the zone's record count). */
async function settle(qc: QueryClient, zoneId: string) {
  if (qc.isMutating({ mutationKey: mutationKey(zoneId) }) > 1) return;
  await Promise.all([
    qc.invalidateQueries({ queryKey: recordKeys.list(zoneId) }),
    qc.invalidateQueries({ queryKey: zoneKeys.detail(zoneId) }),
  ]);
}

/** One mutation for every record write. On failure the list is put back; the caller says what failed. */
export function useRecordChange(zoneId: string) {
  const qc = useQueryClient();
  const key = recordKeys.list(zoneId);
  return useMutation<RecordChangeResult, unknown, RecordChange, Context>({
    mutationKey: mutationKey(zoneId),
    mutationFn: (change) => send(zoneId, change),
    onMutate: async (change) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<DnsRecord[]>(key);
      if (!previous) return { previous, pendingId: undefined };
      const next = applyOptimistic(previous, change);
      qc.setQueryData(key, next.list);
      return { previous, pendingId: next.pendingId };
    },
    onError: (_e, _change, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
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
      qc.setQueryData<DnsRecord[]>(key, (list) => {
        if (!list) return list;
        const without = list.filter((x) => x.id !== replacedId && x.id !== record.id);
        return withRRsetFields([...without, record], record, true);
      });
    },
    onSettled: () => settle(qc, zoneId),
  });
}
