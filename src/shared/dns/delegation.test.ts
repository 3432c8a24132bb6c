import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASKS_WHAT_IT_HIDES,
  cutNamesToCheck,
  cutProblem,
  delegationMessage,
  delegationProblem,
  namesBelowApex,
  zoneFromRecords,
  type OwnedRRset,
} from './delegation';

const apex = 'example.com.';
const at = (name: string, type: string): OwnedRRset => ({
  name: name === '@' ? apex : `${name}.${apex}`,
  type,
});
/** sub is delegated (NS, with its glue); mail, www.shop and glue hold data; * holds a TXT. */
const zone = [
  at('@', 'NS'),
  at('@', 'MX'),
  at('sub', 'NS'),
  at('sub', 'A'),
  at('ns1.sub', 'AAAA'),
  at('mail', 'MX'),
  at('www.shop', 'TXT'),
  at('glue', 'A'),
  at('*', 'TXT'),
];

describe('delegationProblem', () => {
  it.each<[string, string, string, string | null]>([
    ['a TXT at the delegated name', 'sub', 'TXT', 'at-cut'],
    ['an MX at the delegated name', 'sub', 'MX', 'at-cut'],
    ['a TXT below it', 'www.sub', 'TXT', 'below-cut'],
    ['a CNAME two labels below it', 'x.y.sub', 'CNAME', 'below-cut'],
    ['NS below it', 'deeper.sub', 'NS', 'below-cut'],
    ['an A (glue) at it', 'sub', 'A', null],
    ['an AAAA (glue) below it', 'ns2.sub', 'AAAA', null],
    ['one more NS value at it', 'sub', 'NS', null],
    ['a TXT beside it', 'beside', 'TXT', null],
    ['a TXT at a name that only ends like it', 'xsub', 'TXT', null],
    ['NS over an MX', 'mail', 'NS', 'hides'],
    ['NS above a TXT', 'shop', 'NS', 'hides'],
    ['NS at a wildcard', '*', 'NS', 'wildcard-ns'],
    ['NS over glue only', 'glue', 'NS', null],
    ['anything at the apex, whose NS are the zone’s own', '@', 'TXT', null],
  ])('%s: %s', (_what, name, type, kind) => {
    expect(delegationProblem(at(name, type), apex, zoneFromRecords(zone))?.kind ?? null).toBe(kind);
  });

  it('names the cut nearest the apex, and what NS records would hide', () => {
    const deep = [...zone, at('a.sub', 'NS')];
    expect(delegationProblem(at('x.a.sub', 'TXT'), apex, zoneFromRecords(deep))).toEqual({
      kind: 'below-cut',
      name: 'x.a.sub.example.com.',
      type: 'TXT',
      cut: 'sub.example.com.',
    });
    expect(delegationProblem(at('shop', 'NS'), apex, zoneFromRecords(zone))).toEqual({
      kind: 'hides',
      name: 'shop.example.com.',
      hidden: { name: 'www.shop.example.com.', type: 'TXT' },
    });
  });
});

describe('cutProblem', () => {
  const hasNs = zoneFromRecords(zone).hasNs;
  it.each<[string, string, string, string | null]>([
    ['NS over an MX: asks what it hides', 'mail', 'NS', ASKS_WHAT_IT_HIDES],
    ['NS at a fresh name: asks too', 'fresh', 'NS', ASKS_WHAT_IT_HIDES],
    ['NS below a cut: refused without asking', 'deeper.sub', 'NS', 'below-cut'],
    ['NS at a wildcard: refused without asking', '*', 'NS', 'wildcard-ns'],
    ['a TXT at the cut', 'sub', 'TXT', 'at-cut'],
    ['a TXT beside it', 'beside', 'TXT', null],
    ['NS at the apex', '@', 'NS', null],
  ])('%s', (_what, name, type, want) => {
    const step = cutProblem(at(name, type), apex, hasNs);
    expect(step === null || typeof step === 'string' ? step : step.kind).toBe(want);
  });

  it('is the whole rule but for what NS records would hide, which is asked only when it says so', () => {
    const label = fc.constantFrom('a', 'sub', 'www', '*', 'mail');
    const name = fc
      .array(label, { maxLength: 3 })
      .map((ls) => (ls.length ? `${ls.join('.')}.${apex}` : apex));
    const type = fc.constantFrom('A', 'NS', 'TXT', 'MX');
    const rrset = fc.record({ name, type });
    fc.assert(
      fc.property(fc.array(rrset, { maxLength: 20 }), rrset, (rs, w) => {
        const view = zoneFromRecords(rs);
        let asked = false;
        const whole = delegationProblem(w, apex, {
          hasNs: view.hasNs,
          hiddenBelow: (n) => ((asked = true), view.hiddenBelow(n)),
        });
        const step = cutProblem(w, apex, view.hasNs);
        expect(asked).toBe(step === ASKS_WHAT_IT_HIDES);
        if (step !== ASKS_WHAT_IT_HIDES) expect(whole).toEqual(step);
        else expect(whole?.kind ?? 'hides').toBe('hides');
      }),
    );
  });
});

describe('delegationMessage', () => {
  const message = (name: string, type: string, show?: (n: string) => string) => {
    const p = delegationProblem(at(name, type), apex, zoneFromRecords(zone));
    return p && delegationMessage(p, show);
  };

  it('says what is wrong and how to put it right, as the service says it', () => {
    expect(message('www.sub', 'TXT')).toBe(
      'www.sub.example.com. lies below sub.example.com., which is delegated (it has NS records): only glue addresses (A, AAAA) are served below a delegation, so this TXT record would never be answered. Create it in the zone sub.example.com. is delegated to, or delete the NS records of sub.example.com. to end the delegation.',
    );
    expect(message('sub', 'MX')).toMatch(
      /^sub\.example\.com\. is delegated \(it has NS records\).*this MX record would never be answered\. Create it in the zone sub\.example\.com\. is delegated to, or delete the NS records/,
    );
    expect(message('mail', 'NS')).toMatch(
      /^NS records at mail\.example\.com\. would delegate it and hide the MX record at mail\.example\.com\.: .* Delete or move that record first\.$/,
    );
    expect(message('*', 'NS')).toMatch(/wildcard name \*\.example\.com\. .* by its own name\.$/);
  });

  it('writes the names as the reader knows them', () => {
    expect(message('ns1.sub', 'TXT', (n) => n.slice(0, -1))).toMatch(
      /^ns1\.sub\.example\.com lies below sub\.example\.com, which .* delete the NS records of sub\.example\.com to end the delegation\.$/,
    );
  });
});

describe('namesBelowApex and cutNamesToCheck', () => {
  it('lists the names between a name and the apex, nearest the apex first', () => {
    expect(namesBelowApex('a.b.c.example.com.', apex)).toEqual([
      'c.example.com.',
      'b.c.example.com.',
    ]);
    expect(namesBelowApex('www.example.com.', apex)).toEqual([]);
    expect(namesBelowApex(apex, apex)).toEqual([]);
    expect(namesBelowApex('www.example.net.', apex)).toEqual([]);
  });

  it('asks about the names above each write, and its own name unless it is glue or NS', () => {
    const names = cutNamesToCheck([at('x.sub', 'TXT'), at('mail', 'NS'), at('@', 'TXT')], apex);
    expect([...names].sort()).toEqual(['sub.example.com.', 'x.sub.example.com.']);
  });
});

describe('properties', () => {
  const label = fc.constantFrom('a', 'b', 'sub', 'www', '*', '_tcp', 'x-y');
  const name = fc
    .array(label, { maxLength: 4 })
    .map((ls) => (ls.length ? `${ls.join('.')}.${apex}` : apex));
  const type = fc.constantFrom('A', 'AAAA', 'NS', 'TXT', 'MX', 'CNAME', 'SRV');
  const rrset = fc.record({ name, type });
  const records = fc.array(rrset, { maxLength: 30 });

  it('never throws, and leaves glue and the apex alone', () => {
    fc.assert(
      fc.property(records, rrset, (rs, w) => {
        const p = delegationProblem(w, apex, zoneFromRecords(rs));
        if (p) expect(delegationMessage(p)).toContain(p.name);
        if (w.type === 'A' || w.type === 'AAAA' || w.name === apex) expect(p).toBeNull();
      }),
    );
  });

  it('a problem seen in part of the zone is one in the whole zone (a list still loading)', () => {
    fc.assert(
      fc.property(records, records, rrset, (part, rest, w) => {
        if (!delegationProblem(w, apex, zoneFromRecords(part))) return;
        expect(delegationProblem(w, apex, zoneFromRecords([...part, ...rest]))).not.toBeNull();
      }),
    );
  });

  it('checks only the names cutNamesToCheck lists', () => {
    fc.assert(
      fc.property(records, rrset, (rs, w) => {
        const asked = new Set<string>();
        const view = zoneFromRecords(rs);
        delegationProblem(w, apex, {
          hasNs: (n) => (asked.add(n), view.hasNs(n)),
          hiddenBelow: view.hiddenBelow,
        });
        for (const n of asked) expect(cutNamesToCheck([w], apex)).toContain(n);
      }),
    );
  });
});
