// A refused write puts into the list what the service says is stored now (ADR 0028), so that a
// large list, which is not read again after a write, shows the other change too.
import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '../../shared/api/records';
import { testRecord } from '../test/records';
import { ApiError } from './api-error';
import { applyRefusal, staleWriteOf } from './record-conflict';
import { addRecords, allRecords, emptyRecordList } from './record-list';

const a = testRecord(0);
const b = testRecord(0, { id: 'rec_0b', content: '192.0.2.2' });
const c = testRecord(1);
const listOf = (records: DnsRecord[]) =>
  addRecords(emptyRecordList(), records, { zoneName: 'example.com', total: records.length });
const stale = (records: unknown[]) =>
  new ApiError(412, 'precondition_failed', 'Changed.', { version: '"v2"', records });
const gone = new ApiError(404, 'record_not_found', 'Gone.');

describe('applyRefusal', () => {
  it('puts the stored record in place, with its TTL and comment on the whole RRset', () => {
    const now = { ...a, ttl: 300, comment: 'theirs' };
    const list = applyRefusal(
      listOf([a, b, c]),
      { kind: 'toggle', current: a, rrsetSize: 2 },
      stale([now]),
    );
    expect(allRecords(list).map((r) => [r.id, r.ttl, r.comment])).toEqual([
      ['rec_0', 300, 'theirs'],
      ['rec_0b', 300, 'theirs'],
      ['rec_1', 3600, null],
    ]);
  });

  it("puts an RRset's stored values in place of the ones a delete saw", () => {
    const added = testRecord(0, { id: 'rec_0c', content: '192.0.2.3' });
    const list = applyRefusal(
      listOf([a, b, c]),
      { kind: 'delete-rrset', name: a.name, type: 'A', values: [a, b] },
      stale([a, b, added]),
    );
    expect(allRecords(list).map((r) => r.id)).toEqual(['rec_0', 'rec_0b', 'rec_0c', 'rec_1']);
    expect(list.count).toBe(4);
  });

  it('takes out a record that is gone, and leaves the list alone for other errors', () => {
    const start = listOf([a, b, c]);
    const list = applyRefusal(start, { kind: 'delete', current: b }, gone);
    expect(allRecords(list).map((r) => r.id)).toEqual(['rec_0', 'rec_1']);
    const refused = new ApiError(400, 'invalid_record_ttl', 'TTL.');
    expect(applyRefusal(start, { kind: 'delete', current: b }, refused)).toBe(start);
  });

  it('reads only a 412 whose details name a version and records', () => {
    expect(staleWriteOf(stale([{ ...a, disabled: undefined }]))).toEqual({
      version: '"v2"',
      records: [{ ...a, disabled: false }],
    });
    expect(staleWriteOf(new ApiError(412, 'precondition_failed', 'x', {}))).toBeNull();
    expect(staleWriteOf(gone)).toBeNull();
  });
});
