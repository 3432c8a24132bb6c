import { describe, expect, it } from 'vitest';
import { daySeries } from './usage-days';
import { asDays, changeMarkers, markerLines, tickLabel } from './usage-markers';

const hours = asDays([
  { hour: '2026-11-25T03:00:00Z', queries: 2, queries_by_type: { A: 2 } },
  { hour: '2026-11-25T04:00:00Z', queries: 5, queries_by_type: { A: 1, MX: 4 } },
]);

describe('hourly series', () => {
  it('keys each hour as YYYY-MM-DDTHH and stacks it like the days', () => {
    const s = daySeries(hours);
    expect(s.types).toEqual(['MX', 'A']); // most asked first
    expect(s.rows).toEqual([
      { date: '2026-11-25T03', total: 2, A: 2, MX: 0 },
      { date: '2026-11-25T04', total: 5, A: 1, MX: 4 },
    ]);
    expect(tickLabel('2026-11-25T04', 'hour')).toBe('11-25 04h');
    expect(tickLabel('2026-11-25', 'day')).toBe('11-25');
  });
});

describe('change markers', () => {
  const changes = [
    { id: 'chg_c', summary: 'third', created_at: '2026-11-25T04:59:59.000Z' },
    { id: 'chg_a', summary: 'first', created_at: '2026-11-25T03:10:00.000Z' },
    { id: 'chg_b', summary: 'second', created_at: '2026-11-25T04:00:00.000Z' },
    { id: 'chg_old', summary: 'before the range', created_at: '2026-11-25T02:59:59.000Z' },
  ];

  it('places the changes of the range on their hour, oldest first, numbered', () => {
    const m = changeMarkers(changes, daySeries(hours), 'hour');
    expect(m.map((x) => [x.n, x.id, x.at])).toEqual([
      [1, 'chg_a', '2026-11-25T03'],
      [2, 'chg_b', '2026-11-25T04'],
      [3, 'chg_c', '2026-11-25T04'],
    ]);
    expect(markerLines(m)).toEqual([
      { at: '2026-11-25T03', label: '1' },
      { at: '2026-11-25T04', label: '2, 3' },
    ]);
  });

  it('places them on their day, and names a run of three or more as a span', () => {
    const days = daySeries([{ date: '2026-11-25', queries: 1, queries_by_type: { A: 1 } }]);
    const m = changeMarkers(changes, days, 'day');
    expect(m).toHaveLength(4);
    expect(markerLines(m)).toEqual([{ at: '2026-11-25', label: '1–4' }]);
  });
});
