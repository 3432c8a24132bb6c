// Test-only helper: table-driven content cases, so every type's table reads the same way.

import { describe, expect, it } from 'vitest';
import { normalizeContent, RECORD_SPECS } from '../records/index';
import type { RecordType } from '../records/index';

export function contentCases(
  type: RecordType,
  valid: readonly (readonly [input: string, canonical: string])[],
  invalid: readonly (readonly [input: string, message: RegExp])[],
): void {
  describe(`${type} content`, () => {
    it.each(valid)('accepts %j as %j', (input, canonical) => {
      expect(normalizeContent(type, input)).toEqual({ ok: true, value: canonical });
      // The canonical text is a fixed point: storing it again gives the same record id.
      expect(normalizeContent(type, canonical)).toEqual({ ok: true, value: canonical });
    });

    it.each(invalid)('rejects %j', (input, message) => {
      const result = normalizeContent(type, input);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.message).toMatch(message);
        expect(result.expected).toBe(RECORD_SPECS[type].expected);
      }
    });
  });
}
