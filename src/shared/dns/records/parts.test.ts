// The sub-field declarations of each structured type, and the converter generated from them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_ARBITRARIES } from '../testing/arbitraries';
import { RECORD_SPECS, RECORD_TYPES } from './index';
import type { RecordType, RecordTypeSpec } from './index';

const specOf = (type: RecordType): RecordTypeSpec<unknown> => RECORD_SPECS[type];
const STRUCTURED = RECORD_TYPES.filter((t) => RECORD_SPECS[t].form !== undefined);

it('gives sub-fields to the types with more than one value in their content', () => {
  expect(STRUCTURED).toEqual(['MX', 'SRV', 'CAA', 'TLSA', 'SSHFP', 'HTTPS', 'SVCB']);
});

describe.each(STRUCTURED)('%s sub-fields', (type) => {
  const spec = specOf(type);
  const form = spec.form!;

  it('are declared sensibly: unique keys, labels, defaults among the options', () => {
    const keys = form.parts.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of form.parts) {
      expect(d.label).not.toBe('');
      if (d.kind === 'number') expect(d.min).toBeLessThanOrEqual(d.max);
      if (d.kind === 'select') {
        expect(d.options.length).toBeGreaterThan(0);
        if (d.default !== undefined) expect(d.options.map((o) => o.value)).toContain(d.default);
        // A numeric select offers only numbers; the form converts them by the part's kind.
        if (d.of === 'number') for (const o of d.options) expect(o.value).toMatch(/^\d+$/);
      }
    }
  });

  it('shows the parsed example in exactly its declared sub-fields', () => {
    const parsed = spec.parse(spec.example);
    if (!parsed.ok) throw new Error(parsed.message);
    const sub = form.toParts(parsed.value);
    expect(Object.keys(sub.parts)).toEqual(form.parts.map((d) => d.key));
    if (!form.params) expect(sub.params).toEqual([]);
  });

  it('converts valid fields to sub-fields and back to the same content', () => {
    fc.assert(
      fc.property(FIELD_ARBITRARIES[type] as fc.Arbitrary<unknown>, (fields) => {
        const sub = form.toParts(fields);
        for (const value of Object.values(sub.parts)) expect(typeof value).toBe('string');
        expect(spec.format(form.fromParts(sub))).toBe(spec.format(fields));
      }),
      { numRuns: 200 },
    );
  });
});
