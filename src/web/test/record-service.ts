// A records service for the tests of the record dialogs: it keeps its records, checks If-Match
// the way the real one does (ADR 0028: 412 with what is stored now, 404 when the record is gone)
// and lets a test play someone else's edit in between (`meanwhile`) or keep a write in flight
// (`hold`). Its batch and revert routes are in record-service-batch.ts.
import { vi } from 'vitest';
import type { DnsRecord } from '../../shared/api/records';
import { recordVersion, rrsetVersion } from '../../shared/api/versions';
import { answerFetch, errorBody } from './render';
import { batchRoutes, ok } from './record-service-batch';
import { testZone } from './zone';

export interface SentWrite {
  method: string;
  path: string;
  ifMatch: string | null;
  body: unknown;
}

/** A request kept on its way to the service until the test lets it go. */
interface Hold {
  method: string;
  url: RegExp | undefined;
  taken: boolean;
  arrived: () => void;
  released: Promise<void>;
}

/**
 * `pageSize`: the most records a list page holds (the real one's is 1,000), so that a test can
 * play a zone that loads in several pages with a few records.
 */
export function recordService(initial: DnsRecord[], { pageSize = 1000 } = {}) {
  let records = initial.map((r) => ({ ...r }));
  const holds: Hold[] = [];
  let next = 0;
  const writes: SentWrite[] = [];
  const rrsetOf = (r: { name: string; type: string }) =>
    records.filter((x) => x.name === r.name && x.type === r.type);
  /** TTL and comment belong to the RRset: a write through one value sets them on all. */
  const setRRsetFields = (r: DnsRecord) => {
    records = records.map((x) =>
      x.name === r.name && x.type === r.type ? { ...x, ttl: r.ttl, comment: r.comment } : x,
    );
  };
  const put = (current: DnsRecord, patch: Partial<DnsRecord>): DnsRecord => {
    const updated = { ...current, ...patch };
    if (updated.content !== current.content) updated.id = `rec_new${++next}`;
    records = records.map((x) => (x.id === current.id ? updated : x));
    setRRsetFields(updated);
    return updated;
  };
  const stale = (version: string, now: DnsRecord[]) => ({
    status: 412,
    body: errorBody('precondition_failed', 'Changed since you read it.', { version, records: now }),
  });
  const gone = { status: 404, body: errorBody('record_not_found', 'No such record.') };
  const batch = batchRoutes({
    get records() {
      return records;
    },
    set records(next) {
      records = next;
    },
    put,
  });

  const answer = answerFetch(({ method, url, body, headers }) => {
    const u = new URL(url, 'http://x');
    const path = decodeURIComponent(u.pathname);
    const ifMatch = headers.get('If-Match');
    if (method !== 'GET') writes.push({ method, path, ifMatch, body });
    const answered = batch.answer(method, path, body);
    if (answered) return answered;
    if (path.endsWith('/usage/rrsets')) {
      return ok({ zone_id: 'zone_1', days: 30, since: '2026-11-01', rrsets: [] });
    }
    if (path === '/v1/zones/zone_1/records' && method === 'GET') {
      const offset = Number(u.searchParams.get('offset') ?? 0);
      const limit = Math.min(Number(u.searchParams.get('limit') ?? 1000), pageSize);
      const page = records.slice(offset, offset + limit);
      const total = records.length;
      const has_more = offset + page.length < total;
      return ok({
        records: page,
        pagination: { total, offset, limit, count: page.length, has_more },
      });
    }
    if (path === '/v1/zones/zone_1/records' && method === 'POST') {
      const input = body as Omit<DnsRecord, 'id' | 'comment'> & { comment?: string | null };
      const r = { ...input, id: `rec_new${++next}`, comment: input.comment ?? null };
      records.push(r);
      return ok({ message: 'Created', record: r }, 201);
    }
    const byName = /\/records\/by-name\/([^/]+)\/([^/]+)$/.exec(path);
    const byId = /\/records\/([^/]+)$/.exec(path);
    if (byName || byId) {
      const content = u.searchParams.get('content');
      const set = byName ? records.filter((r) => r.name === byName[1] && r.type === byName[2]) : [];
      // Without content=, a DELETE by name is the whole RRset, checked as one version.
      if (byName && content === null) {
        if (!set.length) return gone;
        if (ifMatch && ifMatch !== rrsetVersion(set)) return stale(rrsetVersion(set), set);
        records = records.filter((r) => !set.includes(r));
        return ok({ message: 'Deleted', deleted: set.length });
      }
      const current = byName
        ? set.find((r) => r.content === content)
        : records.find((r) => r.id === byId![1]);
      if (!current) return gone;
      if (ifMatch && ifMatch !== recordVersion(current)) {
        return stale(recordVersion(current), [current]);
      }
      if (method === 'DELETE') {
        records = records.filter((r) => r !== current);
        return ok({ message: 'Deleted' });
      }
      const record = put(current, body as Partial<DnsRecord>);
      return ok({ message: 'Updated', record });
    }
    return ok(testZone({ id: 'zone_1', name: 'example.com' }));
  });
  // A held request reaches the service (is checked and applied) only once released: later
  // requests overtake it, as they would a write still on its way.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const hold = holds.find(
      (h) =>
        !h.taken && h.method === (init?.method ?? 'GET') && (h.url?.test(String(input)) ?? true),
    );
    if (hold) {
      hold.taken = true;
      hold.arrived();
      await hold.released;
    }
    return answer(input, init);
  });

  return {
    writes,
    get records() {
      return records;
    },
    /** Someone else's edit, saved while the dashboard looks at the old record. */
    meanwhile(id: string, patch: Partial<DnsRecord>) {
      const current = records.find((r) => r.id === id);
      if (!current) throw new Error(`no record ${id}`);
      return put(current, patch);
    },
    /** Someone else's new value beside the others. */
    add(record: DnsRecord) {
      records.push(record);
      setRRsetFields(record);
    },
    remove(id: string) {
      records = records.filter((r) => r.id !== id);
    },
    rrsetOf,
    /**
     * Keeps the next request of `method` (to a URL that `url` matches) in flight until
     * `release()`; `sent` resolves once the dashboard has sent it.
     */
    hold(method: string, url?: RegExp) {
      let arrived!: () => void;
      let release!: () => void;
      const sent = new Promise<void>((r) => (arrived = r));
      const released = new Promise<void>((r) => (release = r));
      holds.push({ method, url, taken: false, arrived, released });
      return { sent, release };
    },
    /** The batches applied, and the changes reverted (by their paths). */
    batches: batch.applied,
    reverts: batch.reverted,
  };
}
