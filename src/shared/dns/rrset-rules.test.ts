import { describe, expect, it } from 'vitest';
import { rrsetProblem, type RRsetRuleInput } from './rrset-rules';

const base: RRsetRuleInput = {
  type: 'A',
  content: '192.0.2.1',
  displayName: 'www',
  atApex: false,
  others: [],
};

describe('rrsetProblem', () => {
  it.each<[string, Partial<RRsetRuleInput>, string | null, RegExp | null]>([
    ['a first value', {}, null, null],
    ['a second A value', { others: [{ type: 'A', content: '192.0.2.2' }] }, null, null],
    [
      'the same value again',
      { others: [{ type: 'A', content: '192.0.2.1' }] },
      'record_already_exists',
      /www already has the A record "192.0.2.1"/,
    ],
    [
      'a CNAME beside an A',
      {
        type: 'CNAME',
        content: 'target.example.net.',
        others: [{ type: 'A', content: '192.0.2.1' }],
      },
      'cname_conflict',
      /^www already has an A record; a CNAME must be alone at its name\.$/,
    ],
    [
      'an A beside a CNAME',
      { others: [{ type: 'CNAME', content: 'x.example.net.' }] },
      'cname_conflict',
      /has a CNAME record/,
    ],
    [
      'a CNAME at the apex',
      { type: 'CNAME', content: 'x.example.net.', atApex: true, displayName: '@' },
      'cname_conflict',
      /cannot be at the zone apex/,
    ],
    [
      'a second CNAME',
      {
        type: 'CNAME',
        content: 'y.example.net.',
        others: [{ type: 'CNAME', content: 'x.example.net.' }],
      },
      'single_value',
      /allows only one value/,
    ],
    [
      'an ALIAS beside an AAAA',
      { type: 'ALIAS', content: 'lb.example.net.', others: [{ type: 'AAAA', content: '::1' }] },
      'cname_conflict',
      /ALIAS answers those types/,
    ],
    [
      'an A beside an ALIAS',
      { others: [{ type: 'ALIAS', content: 'lb.example.net.' }] },
      'cname_conflict',
      /has an ALIAS record/,
    ],
    [
      'NS at the apex',
      { type: 'NS', content: 'ns1.example.net.', atApex: true },
      'invalid_record_name',
      /managed by the service/,
    ],
    [
      'MX beside TXT and A',
      {
        type: 'MX',
        content: '10 mail.example.com.',
        others: [
          { type: 'TXT', content: 'x' },
          { type: 'A', content: '192.0.2.1' },
        ],
      },
      null,
      null,
    ],
  ])('%s', (_, change, code, message) => {
    const p = rrsetProblem({ ...base, ...change });
    expect(p?.code ?? null).toBe(code);
    if (message) expect(p?.message).toMatch(message);
  });

  it('lists several types in a CNAME conflict', () => {
    const p = rrsetProblem({
      ...base,
      type: 'CNAME',
      content: 'x.example.net.',
      others: [
        { type: 'A', content: '192.0.2.1' },
        { type: 'MX', content: '10 m.example.com.' },
      ],
    });
    expect(p?.message).toBe('www already has A and MX records; a CNAME must be alone at its name.');
  });
});
