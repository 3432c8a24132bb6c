// Loading every record: the paging followed to the end, later pages in parallel and taken as
// they come, nothing lost when rows shift by one between pages, nothing doubled.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from './session';
import { answerFetch } from '../test/render';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import {
  addRecords,
  allRecords,
  emptyRecordList,
  findRecord,
  type RecordList,
} from './record-list';
import {
  applyOptimistic,
  PAGES_IN_FLIGHT,
  recordChangeOptions,
  recordKeys,
  recordListQuery,
  recordPages,
  type DnsRecord,
} from './records';
import { testZone } from '../test/zone';

/** Every page of the stream, folded into a list as the page does. */
async function readAll(zoneId: string): Promise<{ list: RecordList; pages: number }> {
  let list = emptyRecordList();
  let pages = 0;
  for await (const p of recordPages(zoneId)) {
    pages++;
    list = addRecords(list, p.records, { zoneName: 'example.com', total: p.pagination.total });
  }
  return { list, pages };
}

const rec = (i: number): DnsRecord => ({
  id: `rec_${i}`,
  name: `h${String(i).padStart(5, '0')}.example.com.`,
  type: 'A',
  content: '192.0.2.1',
  ttl: 3600,
  disabled: false,
  comment: null,
});

/** A server holding `total` records; `shift` > 0 mimics a write that moves rows between page requests. */
function server(total: number, shift = 0, onRequest?: () => void) {
  const all = Array.from({ length: total }, (_, i) => rec(i));
  return answerFetch(({ url }) => {
    onRequest?.();
    const q = new URL(url, 'http://x').searchParams;
    const limit = Math.min(Number(q.get('limit')), 1000);
    const offset = Number(q.get('offset'));
    const start = offset >= 500 ? offset + shift : offset;
    const records = all.slice(start, start + limit);
    return {
      status: 200,
      body: {
        status: 'success',
        data: {
          records,
          pagination: {
            total,
            offset,
            limit,
            count: records.length,
            has_more: offset + records.length < total,
          },
        },
      },
    };
  });
}

describe('recordPages', () => {
  afterEach(() => session.signOut());
  const signIn = () => session.signIn({ key: 'zd_test', baseUrl: '', remember: false });

  it.each([
    [0, 1],
    [999, 1],
    [1000, 1],
    [1001, 2],
    [5000, 6],
    [12345, 13],
  ])('reads %i records in %i requests', async (total, requests) => {
    signIn();
    const fetch = server(total);
    const { list, pages } = await readAll('zone_x');
    expect(allRecords(list).map((r) => r.id)).toEqual(
      Array.from({ length: total }, (_, i) => `rec_${i}`),
    );
    expect(list.count).toBe(total);
    expect(fetch).toHaveBeenCalledTimes(requests);
    expect(pages).toBe(requests);
  });

  it('loses nothing when rows shift by one from page to page', async () => {
    signIn();
    server(5000, 1);
    const { list } = await readAll('zone_x');
    expect(new Set(allRecords(list).map((r) => r.id)).size).toBe(5000);
  });

  it(`keeps at most ${PAGES_IN_FLIGHT} requests in flight`, async () => {
    signIn();
    let open = 0;
    let most = 0;
    server(20_000, 0, () => {
      open++;
      most = Math.max(most, open);
      queueMicrotask(() => open--);
    });
    const { list } = await readAll('zone_x');
    expect(list.count).toBe(20_000);
    expect(most).toBeLessThanOrEqual(PAGES_IN_FLIGHT);
  });
});

describe('applyOptimistic', () => {
  const a = { ...rec(1), comment: 'old' };
  const b = { ...rec(1), id: 'rec_b', content: '192.0.2.2', comment: 'old' };
  const listOf = (records: DnsRecord[]) =>
    addRecords(emptyRecordList(), records, { zoneName: 'example.com', total: records.length });
  it('puts a TTL and comment change on every value of the RRset', () => {
    const { list } = applyOptimistic(listOf([a, b]), {
      kind: 'update',
      current: a,
      input: {
        name: a.name,
        type: 'A',
        content: '192.0.2.9',
        ttl: 300,
        disabled: false,
        comment: 'new',
      },
      rrsetSize: 2,
    });
    expect(allRecords(list).map((r) => [r.content, r.ttl, r.comment])).toEqual([
      ['192.0.2.2', 300, 'new'],
      ['192.0.2.9', 300, 'new'],
    ]);
    expect(list.sets[0]).toMatchObject({ ttl: 300, comment: 'new' });
  });

  it('adds a pending value that keeps the RRset comment when none is given', () => {
    const { list, pendingId } = applyOptimistic(listOf([a]), {
      kind: 'create',
      input: { name: a.name, type: 'A', content: '192.0.2.3', ttl: 3600, disabled: false },
    });
    expect(allRecords(list).find((r) => r.id === pendingId)).toMatchObject({ comment: 'old' });
    expect(list.count).toBe(2);
  });

  it('removes a whole RRset', () => {
    const other = { ...rec(2) };
    const { list } = applyOptimistic(listOf([a, b, other]), {
      kind: 'delete-rrset',
      name: a.name,
      type: 'A',
      count: 2,
    });
    expect(allRecords(list)).toEqual([other]);
    expect(list.count).toBe(1);
  });
});

describe('recordListQuery', () => {
  afterEach(() => session.signOut());
  const zone = testZone();

  /** A server of `total` records and the zone; counts list requests; answers a create. */
  function zoneServer(total: number) {
    const all = Array.from({ length: total }, (_, i) => rec(i));
    const seen = { listRequests: 0, zoneRequests: 0 };
    answerFetch(({ url, method, body }) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/v1/zones/zone_x') {
        seen.zoneRequests++;
        return { status: 200, body: { status: 'success', data: zone } };
      }
      if (method === 'POST') {
        const b = body as { name: string; content: string };
        const record = { ...rec(total), id: 'rec_new', name: b.name, content: b.content };
        return { status: 201, body: { status: 'success', data: { message: 'ok', record } } };
      }
      seen.listRequests++;
      const limit = Number(u.searchParams.get('limit'));
      const offset = Number(u.searchParams.get('offset'));
      const records = all.slice(offset, offset + limit);
      const pagination = {
        total,
        offset,
        limit,
        count: records.length,
        has_more: offset + records.length < total,
      };
      return { status: 200, body: { status: 'success', data: { records, pagination } } };
    });
    return seen;
  }

  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('shows the first page before the rest, then the whole zone', async () => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    zoneServer(5000);
    const qc = client();
    const observer = new QueryObserver(qc, recordListQuery('zone_x'));
    const seen: Array<{ count: number; total: number; complete: boolean }> = [];
    const done = new Promise<void>((resolve) =>
      observer.subscribe((r) => {
        if (!r.data) return;
        seen.push({ count: r.data.count, total: r.data.total, complete: r.data.complete });
        if (r.data.complete) resolve();
      }),
    );
    await done;
    expect(seen[0]).toEqual({ count: 1000, total: 5000, complete: false });
    expect(seen.at(-1)).toEqual({ count: 5000, total: 5000, complete: true });
    expect(qc.getQueryData<RecordList>(recordKeys.list('zone_x'))?.sets[0]?.relative).toBe(
      'h00000',
    );
  });

  it.each([
    [500, 1],
    [5000, 0],
  ])('%i records: the list is read again %i time(s) after a write', async (total, rereads) => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    const seen = zoneServer(total);
    const qc = client();
    const unsubscribe = new QueryObserver(qc, recordListQuery('zone_x')).subscribe(() => {});
    const list = () => qc.getQueryData<RecordList>(recordKeys.list('zone_x'));
    await vi.waitFor(() => expect(list()?.complete).toBe(true));
    const before = seen.listRequests;

    await new MutationObserver(qc, recordChangeOptions(qc, 'zone_x')).mutate({
      kind: 'create',
      input: {
        name: 'new.example.com.',
        type: 'A',
        content: '192.0.2.77',
        ttl: 3600,
        disabled: false,
      },
    });
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));

    expect(seen.listRequests - before).toBe(rereads);
    // The test server does not keep the record: a list read again no longer has it; a large list
    // keeps the write's answer, and is stale for the next visit.
    const kept = findRecord(list()!, 'rec_new') !== undefined;
    expect(kept).toBe(rereads === 0);
    expect(qc.getQueryState(recordKeys.list('zone_x'))?.isInvalidated).toBe(rereads === 0);
    unsubscribe();
  });
});
