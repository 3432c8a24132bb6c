// The records list query: the first page shows before the rest, and after a write a small list
// is read again while a large one keeps the write's answer and is marked old.
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../test/render';
import { testRecord as rec } from '../test/records';
import { testZone } from '../test/zone';
import { recordKeys } from './record-keys';
import { findRecord, type RecordList } from './record-list';
import { recordListQuery } from './record-list-query';
import { recordChangeOptions } from './record-mutation';
import { session } from './session';

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
