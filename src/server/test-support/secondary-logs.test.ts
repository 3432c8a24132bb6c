// How the harness reads the kind of each transfer from Knot's and BIND's logs, including the
// case the live tests cannot provoke from a Knot primary: an IXFR answered AXFR-style.
import { describe, expect, it } from 'vitest';
import { bindTransfers } from './secondary-bind';
import { knotTransfers } from './secondary-knot';

const knot = (zone: string, text: string) => `2026-11-24T23:23:43+0000 info: [${zone}] ${text}`;

describe('knotTransfers', () => {
  it.each([
    ['an AXFR', ['AXFR, incoming, remote 127.0.0.1@5300, finished, 0.00 seconds'], ['AXFR']],
    ['an IXFR', ['IXFR, incoming, remote 127.0.0.1@5300, finished, 0.00 seconds'], ['IXFR']],
    [
      'an IXFR answered AXFR-style',
      [
        'IXFR, incoming, remote 127.0.0.1@5300, receiving AXFR-style IXFR',
        'AXFR, incoming, remote 127.0.0.1@5300, finished, 0.01 seconds',
      ],
      ['AXFR'],
    ],
    [
      'an AXFR-style answer, then a real IXFR',
      [
        'IXFR, incoming, remote 127.0.0.1@5300, receiving AXFR-style IXFR',
        'IXFR, incoming, remote 127.0.0.1@5300, finished, 0.01 seconds',
        'IXFR, incoming, remote 127.0.0.1@5300, started',
        'IXFR, incoming, remote 127.0.0.1@5300, finished, 0.00 seconds',
      ],
      ['AXFR', 'IXFR'],
    ],
    ['an up-to-date answer', ['IXFR, incoming, remote 127.0.0.1@5300, zone is up-to-date'], []],
    ['a failed transfer', ['IXFR, incoming, remote 127.0.0.1@5300, failed (connection reset)'], []],
    [
      'a failed AXFR-style answer, then a real IXFR',
      [
        'IXFR, incoming, remote 127.0.0.1@5300, started',
        'IXFR, incoming, remote 127.0.0.1@5300, receiving AXFR-style IXFR',
        'IXFR, incoming, remote 127.0.0.1@5300, failed (connection reset)',
        'IXFR, incoming, remote 127.0.0.1@5300, started',
        'IXFR, incoming, remote 127.0.0.1@5300, finished, 0.00 seconds',
      ],
      ['IXFR'],
    ],
  ])('reads %s', (_, lines, kinds) => {
    const log = lines.map((line) => knot('example.test.', line)).join('\n');
    expect(knotTransfers(log, 'example.test')).toEqual(kinds);
  });

  it('keeps zones apart and reads the primary side as outgoing', () => {
    const log = [
      knot('other.test.', 'IXFR, incoming, remote 127.0.0.1@5300, finished'),
      knot(
        'example.test.',
        'IXFR, outgoing, remote 127.0.0.1@41000, incomplete history, fallback to AXFR',
      ),
      knot('example.test.', 'AXFR, outgoing, remote 127.0.0.1@41000, finished, 0.00 seconds'),
      knot('example.test.', 'IXFR, outgoing, remote 127.0.0.1@41002, finished, 0.00 seconds'),
    ].join('\n');
    expect(knotTransfers(log, 'example.test')).toEqual([]);
    expect(knotTransfers(log, 'example.test', 'outgoing')).toEqual(['AXFR', 'IXFR']);
    expect(knotTransfers(log, 'other.test')).toEqual(['IXFR']);
  });
});

describe('bindTransfers', () => {
  const from = "xfer-in: debug 3: transfer of 'example.test/IN' from 127.0.0.1#5300:";
  const done =
    "xfer-in: info: transfer of 'example.test/IN' from 127.0.0.1#5300: Transfer completed: 1 messages";
  it('reads incremental and nonincremental answers, completed transfers only', () => {
    const log = [
      `${from} got nonincremental response`,
      done,
      `${from} got incremental response`,
      done,
      `${from} got incremental response`,
      "xfer-in: info: transfer of 'example.test/IN' from 127.0.0.1#5300: Transfer status: connection reset",
      `${from} got nonincremental response`,
      done,
      "xfer-in: debug 3: transfer of 'other.test/IN' from 127.0.0.1#5300: got incremental response",
    ].join('\n');
    expect(bindTransfers(log, 'example.test')).toEqual(['AXFR', 'IXFR', 'AXFR']);
  });
});
