// The hand-written zone list parser against the contract: on any answer, valid or broken, it gives
// the verdict and the output of the shared zoneListSchema applied after the compat normalisation;
// on the hosted service's variants it gives the reference shape.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneListSchema } from '../../shared/api/zones';
import { normalizeZoneList } from './compat';
import { zoneListParser } from './zone-list-parser';

const item = fc.record({
  id: fc.string(),
  customer_id: fc.string(),
  name: fc.domain(),
  type: fc.constantFrom('primary', 'secondary'),
  region: fc.constantFrom('EU_GLOBAL', 'EU', 'GLOBAL'),
  status: fc.constantFrom('active', 'disabled'),
  settings: fc.record({ dnssec_enabled: fc.boolean() }),
  created_at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  updated_at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
});
const list = fc.record({
  zones: fc.array(item, { maxLength: 4 }),
  pagination: fc.record({
    total: fc.nat(),
    offset: fc.nat(),
    limit: fc.integer({ min: 1, max: 100 }),
    count: fc.nat(100),
    has_more: fc.boolean(),
  }),
});

/** Breaks one field of a valid answer: wrong type, missing, or extra. */
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.double(),
  fc.boolean(),
  fc.constant([]),
);
const broken = fc.tuple(list, fc.nat(), junk).map(([l, pick, value]) => {
  const copy = structuredClone(l) as Record<string, unknown> & {
    zones: Array<Record<string, unknown>>;
    pagination: Record<string, unknown>;
  };
  const targets: Array<[Record<string, unknown>, string]> = [
    [copy, 'zones'],
    [copy, 'pagination'],
    ...Object.keys(copy.pagination).map(
      (k) => [copy.pagination, k] as [Record<string, unknown>, string],
    ),
    ...copy.zones.flatMap((z) =>
      Object.keys(z).map((k) => [z, k] as [Record<string, unknown>, string]),
    ),
  ];
  const [obj, key] = targets[pick % targets.length]!;
  if (value === undefined) delete obj[key];
  else obj[key] = value;
  return copy;
});

const contract = (input: unknown) => zoneListSchema.safeParse(normalizeZoneList(input));

describe('zoneListParser ≡ shared zoneListSchema (after the compat normalisation)', () => {
  it('accepts what the schema accepts, with the same output (extra fields dropped)', () => {
    fc.assert(
      fc.property(list, fc.dictionary(fc.string(), fc.jsonValue()), (l, extra) => {
        const input = { ...extra, ...l, zones: l.zones.map((z) => ({ ...extra, ...z })) };
        const ours = zoneListParser.safeParse(input);
        const theirs = contract(input);
        expect(ours.success).toBe(true);
        expect(theirs.success).toBe(true);
        if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
      }),
    );
  });

  it('refuses what the schema refuses, and makes the same repairs', () => {
    let refused = 0;
    fc.assert(
      fc.property(broken, (input) => {
        const ours = zoneListParser.safeParse(input);
        const theirs = contract(input);
        expect(ours.success).toBe(theirs.success);
        if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
        if (!ours.success) refused++;
      }),
    );
    expect(refused).toBeGreaterThan(20); // the generator does produce broken answers
  });
});

describe('zoneListParser: the hosted service variants (compat)', () => {
  const z = {
    id: 'zone_1',
    customer_id: 'c',
    name: 'a.example',
    type: 'master',
    region: 'EU',
    status: 'active',
    settings: { dnssec_enabled: true },
    created_at: 't',
    updated_at: 't',
  };

  it('reads type "master" as primary', () => {
    const r = zoneListParser.safeParse({
      zones: [z],
      pagination: { total: 1, offset: 0, limit: 10, count: 1, has_more: false },
    });
    expect(r.success && r.data.zones[0]?.type).toBe('primary');
  });

  it('takes DNSSEC from the top level when settings are missing', () => {
    const { settings: _s, ...bare } = z;
    const r = zoneListParser.safeParse({
      zones: [{ ...bare, dnssec_enabled: true }],
      pagination: { total: 1, offset: 0, limit: 10, count: 1, has_more: false },
    });
    expect(r.success && r.data.zones[0]?.settings.dnssec_enabled).toBe(true);
  });

  it('accepts a bare array as one page holding everything', () => {
    const r = zoneListParser.safeParse([z, { ...z, id: 'zone_2' }]);
    expect(r.success && r.data.pagination).toEqual({
      total: 2,
      offset: 0,
      limit: 2,
      count: 2,
      has_more: false,
    });
  });
});
