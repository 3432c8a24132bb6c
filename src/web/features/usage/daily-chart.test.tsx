// The chart's legend: one entry per colour, the types past the last colour named together.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DailyChart } from './daily-chart';
import { daySeries } from './usage-days';

const day = (byType: Record<string, number>) => ({
  date: '2026-11-27',
  queries: Object.values(byType).reduce((a, b) => a + b, 0),
  queries_by_type: byType,
});
const legend = (byType: Record<string, number>) => {
  const { container } = render(<DailyChart series={daySeries([day(byType)])} />);
  return [...container.querySelectorAll('.usage-legend li')].map((li) => li.textContent);
};

describe('DailyChart legend', () => {
  it('gives each type its own entry while there are colours for all', () => {
    expect(legend({ A: 6, AAAA: 5, MX: 4, TXT: 3, NS: 2, SOA: 1 })).toEqual([
      'A',
      'AAAA',
      'MX',
      'TXT',
      'NS',
      'SOA',
    ]);
  });

  it('names the types that share the last colour in one entry', () => {
    expect(legend({ A: 8, AAAA: 7, MX: 6, CAA: 5, HTTPS: 4, NS: 3, SOA: 2, TXT: 1 })).toEqual([
      'A',
      'AAAA',
      'MX',
      'CAA',
      'HTTPS',
      'NS, SOA, TXT',
    ]);
  });
});
