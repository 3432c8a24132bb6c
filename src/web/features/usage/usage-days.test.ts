import { describe, expect, it } from 'vitest';
import { daySeries, outcomeRows } from './usage-days';

describe('daySeries', () => {
  it('stacks the types most asked first, every day with every type', () => {
    const s = daySeries([
      { date: '2026-11-01', queries: 3, queries_by_type: { MX: 1, A: 2 } },
      { date: '2026-11-02', queries: 0, queries_by_type: {} },
      { date: '2026-11-03', queries: 4, queries_by_type: { A: 1, TXT: 3 } },
    ]);
    expect(s.types).toEqual(['A', 'TXT', 'MX']);
    expect(s.rows).toEqual([
      { date: '2026-11-01', total: 3, A: 2, TXT: 0, MX: 1 },
      { date: '2026-11-02', total: 0, A: 0, TXT: 0, MX: 0 },
      { date: '2026-11-03', total: 4, A: 1, TXT: 3, MX: 0 },
    ]);
  });
});

describe('outcomeRows', () => {
  it('lists every outcome in a fixed order with its share of the outcomes counted', () => {
    const rows = outcomeRows({ answer: 6, nxdomain: 2, nodata: 0, referral: 0, refused: 0 });
    expect(rows.map((r) => [r.outcome, r.count, r.share])).toEqual([
      ['answer', 6, 0.75],
      ['nxdomain', 2, 0.25],
      ['nodata', 0, 0],
      ['referral', 0, 0],
      ['refused', 0, 0],
    ]);
    expect(
      outcomeRows({ answer: 0, nxdomain: 0, nodata: 0, referral: 0, refused: 0 })[0]!.share,
    ).toBe(0);
  });
});
