// Test-only fast-check generators of valid building blocks: host names, addresses, text.

import fc from 'fast-check';
import { textProblem } from '../records/text';

const LDH = 'abcdefghijklmnopqrstuvwxyz0123456789-_ABCXYZ'.split('');

const label = fc.string({ unit: fc.constantFrom(...LDH), minLength: 1, maxLength: 63 });
const unicodeLabel = fc.constantFrom('bücher', 'münchen', 'ÄÖÜ', 'пример', '例え', 'xn--bcher-kva');

/** A host name as a user might type it: any case, trailing dot or not, sometimes with Unicode labels. */
export const hostname = fc
  .tuple(
    fc.array(fc.oneof({ weight: 5, arbitrary: label }, { weight: 1, arbitrary: unicodeLabel }), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.boolean(),
  )
  // A letter-led last label keeps the name from looking like an IP address, which is refused on purpose.
  .map(([labels, dot]) => `${labels.join('.')}.z${dot ? '.' : ''}`)
  .filter((h) => h.replace(/\.$/, '').length <= 200);

export const hostOrRoot = fc.oneof(
  { weight: 5, arbitrary: hostname },
  { weight: 1, arbitrary: fc.constant('.') },
);
export const u16 = fc.integer({ min: 0, max: 65535 });
const octets = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 });
export const ipv4 = octets.map((o) => o.join('.'));

/** Compresses the first zero run (even a single group, which RFC 5952 output never does). */
function compressFirstZeroRun(hex: string[]): string {
  const start = hex.indexOf('0');
  if (start < 0) return hex.join(':');
  let end = start;
  while (hex[end] === '0') end++;
  return `${hex.slice(0, start).join(':')}::${hex.slice(end).join(':')}`;
}

/** IPv6 text in many spellings: padded, upper case, compressed anywhere, IPv4-mapped with a dotted tail. */
export const ipv6 = fc
  .tuple(
    fc.array(fc.oneof(fc.constant(0), u16), { minLength: 8, maxLength: 8 }),
    fc.constantFrom('padded', 'plain', 'compressed', 'mapped'),
    fc.boolean(),
    octets,
  )
  .map(([groups, spelling, upper, v4]) => {
    const hex = groups.map((g) => g.toString(16));
    const text =
      spelling === 'mapped'
        ? `::ffff:${v4.join('.')}`
        : spelling === 'padded'
          ? hex.map((g) => g.padStart(4, '0')).join(':')
          : spelling === 'compressed'
            ? compressFirstZeroRun(hex)
            : hex.join(':');
    return upper ? text.toUpperCase() : text;
  });

export const hexBytes = (bytes: fc.Arbitrary<number>) =>
  bytes.chain((n) =>
    fc.string({
      unit: fc.constantFrom(...'0123456789abcdefABCDEF'.split('')),
      minLength: n * 2,
      maxLength: n * 2,
    }),
  );

/** Text without the characters records refuse (controls other than tab, lone surrogates). */
export const text = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom('"', '\\', ' ', '\t', ';', '=', 'a', 'é', '😀'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    maxLength: 40,
  })
  .filter((s) => textProblem(s) === undefined);
