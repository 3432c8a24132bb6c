import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serialAtLeast, serialNewer } from './serial';

describe('serial order (RFC 1982)', () => {
  it.each([
    [2, 1, true],
    [1, 2, false],
    [1, 1, false],
    [0, 0xffffffff, true], // wrapped past 2^32
    [0xffffffff, 0, false],
    [0x80000000, 0, false], // exactly half the space apart: undefined, so not newer
  ])('serialNewer(%i, %i) is %s', (a, b, newer) => {
    expect(serialNewer(a, b)).toBe(newer);
  });

  it('at least: equal or newer, never both ways for different serials', () => {
    fc.assert(
      fc.property(fc.nat(0xffffffff), fc.nat(0xffffffff), (a, b) => {
        expect(serialAtLeast(a, a)).toBe(true);
        if (a !== b) expect(serialNewer(a, b) && serialNewer(b, a)).toBe(false);
        expect(serialAtLeast(a, b)).toBe(a === b || serialNewer(a, b));
      }),
    );
  });
});
