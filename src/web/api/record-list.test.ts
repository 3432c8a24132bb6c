// The list the records page shows: however the pages arrive (any order, overlapping by a record)
// it is the same list, in zone-file order, and a change to one RRset leaves the others as they were.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '../../shared/api/records';
import {
  addRecords,
  addRRsets,
  groupRecords,
  joinRuns,
  allRecords,
  editRRset,
  emptyRecordList,
  findRecord,
  nameOrderKey,
  rrsetKey,
  type RecordList,
} from './record-list';

const ZONE = 'example.com';
const rec = (relative: string, type: string, content: string): DnsRecord => ({
  id: `${relative}|${type}|${content}`,
  name: relative === '@' ? `${ZONE}.` : `${relative}.${ZONE}.`,
  type,
  content,
  ttl: 3600,
  disabled: false,
  comment: null,
});

const build = (pages: DnsRecord[][], total: number): RecordList =>
  pages.reduce(
    (list, page) => addRecords(list, page, { zoneName: ZONE, total }),
    emptyRecordList(),
  );

describe('nameOrderKey', () => {
  it('orders like a zone file: apex, then labels from the right, digits by value', () => {
    const names = [
      'www',
      '@',
      'a.b',
      'b',
      'host10',
      'host2',
      'host02x',
      '*',
      '_dmarc',
      'a-b',
      'b.a',
    ];
    const sorted = [...names].sort((x, y) => (nameOrderKey(x) < nameOrderKey(y) ? -1 : 1));
    expect(sorted).toEqual(
      [
        '@',
        '*',
        '_dmarc',
        'a',
        'b.a',
        'a-b',
        'b',
        'a.b',
        'host2',
        'host02x',
        'host10',
        'www',
      ].filter((n) => names.includes(n)),
    );
  });

  it('is a total order that agrees with comparing label by label', () => {
    const label = fc.stringMatching(/^[a-z0-9_-]{1,6}$/);
    const name = fc.array(label, { minLength: 1, maxLength: 3 }).map((l) => l.join('.'));
    fc.assert(
      fc.property(name, name, (a, b) => {
        const ka = rrsetKey(a, 'A');
        const kb = rrsetKey(b, 'A');
        // Different names never share a key; a name sorts before the names below it.
        if (a !== b && ka === kb) return false;
        if (b.endsWith(`.${a}`)) return ka < kb;
        if (a.endsWith(`.${b}`)) return kb < ka;
        return true;
      }),
    );
  });

  it('keeps names apart that differ only in leading zeros', () => {
    const list = build([[rec('web01', 'A', '1'), rec('web1', 'A', '2')]], 2);
    expect(list.sets.map((s) => s.relative)).toEqual(['web01', 'web1']);
    const without = editRRset(list, { name: 'web1.example.com.', type: 'A' }, () => []);
    expect(without.sets.map((s) => s.relative)).toEqual(['web01']);
  });
});

describe('addRecords', () => {
  const arbRecords = fc.uniqueArray(
    fc.record({
      relative: fc.constantFrom('@', 'www', 'mail', 'a.b', 'h1', 'h2', 'h10', 'x.h10'),
      type: fc.constantFrom('A', 'AAAA', 'TXT'),
      content: fc.constantFrom('1', '2', '3'),
    }),
    { selector: (r) => `${r.relative} ${r.type} ${r.content}`, maxLength: 40 },
  );

  it('gives the same list whatever the page size, overlap and arrival order', () => {
    fc.assert(
      fc.property(
        arbRecords,
        fc.integer({ min: 2, max: 7 }),
        fc.infiniteStream(fc.integer()),
        (raw, size, random) => {
          const records = raw.map((r) => rec(r.relative, r.type, r.content));
          const whole = build([records], records.length);
          // Pages of `size` that overlap by one, as recordPages reads them, shuffled.
          const pages: DnsRecord[][] = [];
          for (let o = 0; o < records.length; o += size - 1) pages.push(records.slice(o, o + size));
          const order = pages.map((p) => ({ p, k: random.next().value as number }));
          order.sort((a, b) => a.k - b.k);
          // Pages that arrive together are added together, as the loader does: each grouped
          // on arrival, the runs joined, then merged into the list.
          const batches: DnsRecord[][][] = [];
          for (const { p, k } of order) {
            if (k % 2 === 0 && batches.length > 0) batches.at(-1)!.push(p);
            else batches.push([p]);
          }
          const streamed = batches.reduce(
            (list, batch) =>
              addRRsets(
                list,
                joinRuns(
                  ZONE,
                  batch.map((p) => groupRecords(ZONE, p)),
                ),
                { zoneName: ZONE, total: records.length },
              ),
            emptyRecordList(),
          );
          // And a batch given as raw records (duplicates inside it) gives the same.
          expect(build([...pages, ...pages], records.length).sets).toEqual(whole.sets);
          expect(streamed.sets).toEqual(whole.sets);
          expect(streamed.count).toBe(records.length);
          const keys = streamed.sets.map((s) => s.key);
          expect([...keys].sort()).toEqual(keys);
          expect(new Set(keys).size).toBe(keys.length);
        },
      ),
    );
  });
});

describe('editRRset', () => {
  const list = build(
    [[rec('www', 'A', '192.0.2.1'), rec('www', 'A', '192.0.2.2'), rec('mail', 'MX', '10 mx.')]],
    3,
  );

  it('changes one RRset and shares the others', () => {
    const next = editRRset(list, { name: 'www.example.com.', type: 'A' }, (values) =>
      values.filter((v) => v.content !== '192.0.2.1'),
    );
    expect(allRecords(next).map((r) => r.content)).toEqual(['10 mx.', '192.0.2.2']);
    expect(next.sets[0]).toBe(list.sets[0]);
    expect(next.count).toBe(2);
    expect(allRecords(list)).toHaveLength(3);
  });

  it('adds a new RRset in its place and removes an emptied one', () => {
    const added = editRRset(list, { name: 'example.com.', type: 'TXT' }, () => [
      rec('@', 'TXT', 'x'),
    ]);
    expect(added.sets.map((s) => s.relative)).toEqual(['@', 'mail', 'www']);
    const removed = editRRset(added, { name: 'mail.example.com.', type: 'MX' }, () => []);
    expect(removed.sets.map((s) => s.relative)).toEqual(['@', 'www']);
    expect(removed.count).toBe(3);
    expect(editRRset(list, { name: 'nope.example.com.', type: 'A' }, () => [])).toBe(list);
  });

  it('finds a record and its RRset by id', () => {
    expect(findRecord(list, 'mail|MX|10 mx.')?.set.relative).toBe('mail');
    expect(findRecord(list, 'gone')).toBeUndefined();
  });
});
