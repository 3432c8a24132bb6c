// What the table shows while a write is under way: the RRset as it will be once accepted.
import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '../../shared/api/records';
import { testRecord as rec } from '../test/records';
import { addRecords, allRecords, emptyRecordList } from './record-list';
import { applyOptimistic } from './record-optimistic';

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
      values: [a, b],
    });
    expect(allRecords(list)).toEqual([other]);
    expect(list.count).toBe(1);
  });
});
