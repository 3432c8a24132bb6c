import { describe, expect, it } from 'vitest';
import { testRecord } from '../test/records';
import { answerFetch, errorBody } from '../test/render';
import { session } from './session';
import { ApiError } from './api-error';
import { applyBatchResult, sendBatch } from './record-batch';
import { addRecords, emptyRecordList, allRecords } from './record-list';

const list = addRecords(
  emptyRecordList('example.com'),
  [
    testRecord(0),
    testRecord(1, { id: 'rec_1a', content: '192.0.2.1' }),
    testRecord(1, { id: 'rec_1b', content: '192.0.2.2' }),
    testRecord(2),
  ],
  { zoneName: 'example.com', total: 4 },
);
const diff = (name: string) => ({ name, type: 'A', before: null, after: null });

describe('applyBatchResult', () => {
  it('replaces each touched RRset by the answer’s records and leaves the others', () => {
    const next = applyBatchResult(list, {
      rrsets: [diff('h00001.example.com.'), diff('h00002.example.com.')],
      // h00001 now has one value with a new TTL; h00002 is gone.
      records: [testRecord(1, { id: 'rec_1a', content: '192.0.2.1', ttl: 300 })],
    });
    expect(allRecords(next).map((r) => [r.id, r.ttl])).toEqual([
      ['rec_0', 3600],
      ['rec_1a', 300],
    ]);
    expect(next.count).toBe(2);
    expect(next.total).toBe(2);
    expect(list.count).toBe(4); // the list given is not changed
  });

  it('adds RRsets the batch created in their place', () => {
    const next = applyBatchResult(list, {
      rrsets: [diff('h00000x.example.com.')],
      records: [testRecord(0, { id: 'new', name: 'h00000x.example.com.' })],
    });
    expect(allRecords(next).map((r) => r.id)).toEqual([
      'rec_0',
      'new',
      'rec_1a',
      'rec_1b',
      'rec_2',
    ]);
    expect(next.total).toBe(5);
  });
});

describe('sendBatch', () => {
  const applied = {
    dry_run: false,
    change_id: 'chg_1',
    serial: 7,
    counts: { added: 0, changed: 1, removed: 0 },
    rrsets: [],
    settings: [],
  };

  it('posts the operations to the zone’s batch route', async () => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    const fetch = answerFetch(() => ({
      status: 200,
      body: { status: 'success', data: { ...applied, records: [] } },
    }));
    const ops = [{ op: 'delete' as const, id: 'rec_0' }];
    expect((await sendBatch('zone_1', ops)).change_id).toBe('chg_1');
    const calls = fetch.mock.calls.map(([url, init]) => [String(url), init?.method, init?.body]);
    expect(calls).toEqual([
      [
        '/v1/zones/zone_1/records/batch',
        'POST',
        JSON.stringify({ operations: ops, dry_run: false }),
      ],
    ]);
  });

  it('raises the service’s refusal with the index of the operation', async () => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    answerFetch(() => ({
      status: 400,
      body: errorBody('validation_error', 'TTL must be at least 300 seconds.', { index: 3 }),
    }));
    const e = await sendBatch('zone_1', []).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).details.index).toBe(3);
  });
});
