// Small parsers shared by the structured record types: whitespace-separated fields, numbers, hex.

import { err, ok, show } from '../result';
import type { Result } from '../result';

/** Fields split on any run of whitespace, so "10   mail.example.com." reads as two fields. */
export function splitFields(content: string): string[] {
  const trimmed = content.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

/** A decimal integer in [min, max]; leading zeros are harmless here and dropped in the canonical form. */
export function parseUint(
  token: string,
  min: number,
  max: number,
  what: string,
  expected: string,
): Result<number> {
  const n = /^\d{1,10}$/.test(token) ? Number(token) : NaN;
  if (Number.isNaN(n) || n < min || n > max) {
    return err(`${what} must be an integer from ${min} to ${max}, got ${show(token)}.`, expected);
  }
  return ok(n);
}

/** One hex token, canonical lower case; `bytes` fixes the decoded length when the format demands it. */
export function parseHex(
  token: string,
  what: string,
  expected: string,
  bytes?: number,
): Result<string> {
  if (!/^[0-9a-f]+$/i.test(token)) {
    return err(
      `${what} must be hexadecimal digits (0-9, a-f) in one block without spaces, got ${show(token)}.`,
      expected,
    );
  }
  if (token.length % 2 !== 0) {
    return err(
      `${what} has an odd number of hex digits (${token.length}); each byte needs two digits.`,
      expected,
    );
  }
  if (bytes !== undefined && token.length !== bytes * 2) {
    return err(
      `${what} must be ${bytes} bytes (${bytes * 2} hex digits), got ${token.length / 2} bytes (${token.length} digits).`,
      expected,
    );
  }
  return ok(token.toLowerCase());
}

/** "an" before a type read letter by letter from a vowel sound (A, AAAA, ALIAS, HTTPS, MX, NS, SRV, SSHFP, SVCB). */
export const article = (type: string) => (/^[AHMNS]/.test(type) ? 'an' : 'a');

/** The one check every content type starts with. */
export function requireContent(content: string, type: string, expected: string): Result<string> {
  const trimmed = content.trim();
  return trimmed === ''
    ? err(`Content is empty; ${article(type)} ${type} record needs ${expected}.`, expected)
    : ok(trimmed);
}

/** Explains a wrong field count with the shape and an example, the usual cause of a rejected record. */
export function fieldCountError(
  type: string,
  got: number,
  want: string,
  expected: string,
  example: string,
): Result<never> {
  return err(
    `${type} content needs ${want}, got ${got} field${got === 1 ? '' : 's'}; write it like ${show(example)}.`,
    expected,
  );
}
