import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePoints, codeUnits, dnsJunk, FIELD_ARBITRARIES } from '../testing/arbitraries';
import { normalizeContent, RECORD_SPECS, RECORD_TYPES } from './index';
import type { RecordType, RecordTypeSpec } from './index';

const RUNS = { numRuns: 400 };

function specOf(type: RecordType): RecordTypeSpec<unknown> {
  return RECORD_SPECS[type];
}

describe.each(RECORD_TYPES)('%s properties', (type) => {
  const spec = specOf(type);

  it('formats valid fields to content that parses back to the same canonical text', () => {
    fc.assert(
      fc.property(FIELD_ARBITRARIES[type] as fc.Arbitrary<unknown>, (fields) => {
        const text = spec.format(fields);
        const parsed = spec.parse(text);
        if (!parsed.ok) throw new Error(`${JSON.stringify(text)}: ${parsed.message}`);
        const canonical = spec.format(parsed.value);
        expect(spec.format(fields)).toBe(text);
        expect(normalizeContent(type, text)).toEqual({ ok: true, value: canonical });
        expect(normalizeContent(type, canonical)).toEqual({ ok: true, value: canonical });
        expect(canonical).toBe(text);
      }),
      RUNS,
    );
  });

  it('never throws on junk, and whatever it accepts is a fixed point', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), codePoints, codeUnits, dnsJunk), (junk) => {
        const result = normalizeContent(type, junk);
        expect(typeof result.ok).toBe('boolean');
        if (result.ok) expect(normalizeContent(type, result.value)).toEqual(result);
        else expect(result.message.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});
