// Writes while a zone's records stream in, and writes that overlap: a refused write undoes only
// itself, pages that arrived meanwhile stay, a list read again does not bring back what was
// deleted, and rows the offset paging missed are read again.
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRecord, type RecordList } from './record-list';
import {
  recordChangeOptions,
  recordKeys,
  recordListQuery,
  type DnsRecord,
  type RecordChange,
} from './records';
import { session } from './session';
import { testRecord } from '../test/records';
import { testZone } from '../test/zone';

const zone = testZone();

const rec = (i: number, content = '192.0.2.1', id = `rec_${i}`) => testRecord(i, { content, id });

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

/**
 * A server holding `records` (deletes change it): pages after the first wait until released;
 * other writes wait for `writes` and are refused.
 */
function server(records: DnsRecord[], writes: Promise<void> = Promise.resolve()) {
  let held = true;
  const waiting: Array<() => void> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const u = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    if (u.pathname === '/v1/zones/zone_x') return json(200, { status: 'success', data: zone });
    if (method === 'DELETE') {
      const byName = /by-name\/([^/]+)\/([^/]+)$/.exec(u.pathname);
      const gone = (r: DnsRecord) =>
        byName
          ? r.name === decodeURIComponent(byName[1]!)
          : r.id === decodeURIComponent(u.pathname.split('/').pop()!);
      const before = records.length;
      for (let i = records.length - 1; i >= 0; i--) if (gone(records[i]!)) records.splice(i, 1);
      return json(200, {
        status: 'success',
        data: { message: 'deleted', deleted: before - records.length },
      });
    }
    if (method !== 'GET') {
      await writes;
      return json(500, { status: 'error', error: { code: 'internal', message: 'refused' } });
    }
    const limit = Number(u.searchParams.get('limit'));
    const offset = Number(u.searchParams.get('offset'));
    if (offset > 0 && held) await new Promise<void>((r) => waiting.push(r));
    const page = records.slice(offset, offset + limit);
    const pagination = {
      total: records.length,
      offset,
      limit,
      count: page.length,
      has_more: offset + page.length < records.length,
    };
    return json(200, { status: 'success', data: { records: page, pagination } });
  });
  return {
    release: () => {
      held = false;
      for (const w of waiting.splice(0)) w();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function setup() {
  session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const list = () => qc.getQueryData<RecordList>(recordKeys.list('zone_x'));
  const watch = () => new QueryObserver(qc, recordListQuery('zone_x')).subscribe(() => {});
  const write = (change: RecordChange) =>
    new MutationObserver(qc, recordChangeOptions(qc, 'zone_x')).mutate(change);
  return { qc, list, watch, write };
}

describe('writes while records load', () => {
  afterEach(() => {
    session.signOut();
    vi.unstubAllGlobals();
  });

  it('a refused write during the first load undoes itself only; pages that came meanwhile stay', async () => {
    const refuse = gate();
    const records = Array.from({ length: 5000 }, (_, i) => rec(i));
    const s = server(records, refuse.opened);
    const { list, watch, write } = setup();
    const stop = watch();
    await vi.waitFor(() => expect(list()?.count).toBe(1000));
    const toggled = write({ kind: 'toggle', current: records[0]!, rrsetSize: 1 }).catch(() => {});
    await vi.waitFor(() => expect(findRecord(list()!, 'rec_0')?.record.disabled).toBe(true));
    s.release();
    await vi.waitFor(() => expect(list()?.complete).toBe(true));
    refuse.open();
    await toggled;
    expect(list()!.count).toBe(5000);
    expect(findRecord(list()!, 'rec_0')?.record.disabled).toBe(false);
    stop();
  });

  it('a refused write does not bring back a record another write deleted', async () => {
    const refuse = gate();
    const records = Array.from({ length: 3000 }, (_, i) => rec(i));
    const s = server(records, refuse.opened);
    s.release();
    const { list, watch, write } = setup();
    const stop = watch();
    await vi.waitFor(() => expect(list()?.complete).toBe(true));
    const toggled = write({ kind: 'toggle', current: records[0]!, rrsetSize: 1 }).catch(() => {});
    await sleep(10);
    await write({ kind: 'delete', current: records[5]! });
    refuse.open();
    await toggled;
    expect(findRecord(list()!, 'rec_5')).toBeUndefined();
    expect(list()!.count).toBe(2999);
    stop();
  });

  it('a load cut short and resumed builds on what it has: a delete meanwhile stays deleted', async () => {
    const records = Array.from({ length: 5000 }, (_, i) => rec(i));
    const s = server(records);
    const { qc, list, watch, write } = setup();
    let stop = watch();
    await vi.waitFor(() => expect(list()?.count).toBe(1000));
    stop(); // the page is left mid-load
    await sleep(10);
    stop = watch(); // and opened again
    await sleep(20);
    await write({ kind: 'delete', current: records[0]! });
    expect(findRecord(list()!, 'rec_0')).toBeUndefined();
    s.release();
    await vi.waitFor(() => expect(list()?.complete).toBe(true));
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    expect(findRecord(list()!, 'rec_0')).toBeUndefined();
    expect(list()!.count).toBe(4999);
    stop();
  });

  it('rows the paging skipped (several deleted mid-load) are read again', async () => {
    const records = Array.from({ length: 10_000 }, (_, i) => rec(i));
    // h00010 holds three values.
    records[11] = rec(10, '192.0.2.2', 'rec_10b');
    records[12] = rec(10, '192.0.2.3', 'rec_10c');
    const s = server(records);
    const { qc, list, watch, write } = setup();
    const stop = watch();
    await vi.waitFor(() => expect(list()?.count).toBe(1000));
    const values = records.slice(10, 13);
    await write({ kind: 'delete-rrset', name: records[10]!.name, type: 'A', values });
    s.release();
    await vi.waitFor(() => expect(list()?.complete).toBe(true));
    await sleep(20);
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    expect(list()!.count).toBe(records.length);
    expect(list()!.total).toBe(records.length);
    stop();
  });
});
