// SOA serial order (RFC 1982): serials wrap at 2^32, so "newer" is a comparison of their distance.

/** Whether serial `a` is newer than `b` (never true for equal serials). */
export function serialNewer(a: number, b: number): boolean {
  const d = (a - b) >>> 0;
  return d !== 0 && d < 0x80000000;
}

/** Whether serial `a` is `b` or newer: a secondary at `a` has the change that made `b`. */
export const serialAtLeast = (a: number, b: number) => a === b || serialNewer(a, b);
