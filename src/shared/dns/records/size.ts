// How big a value and an RRset may be: what one DNS message over TCP can carry. Shared so the
// dashboard's form refuses what the service refuses, with the same figures.
//
// A message is at most 65,535 octets. An answer carries, besides the RRset, a 12-octet header, the
// question (a name of at most 255 octets, type and class: 259), an EDNS OPT record (11) and, when
// signed, one RRSIG: owner (255) + type, class, TTL, length (10) + RRSIG RDATA (18 fixed octets,
// the signer's name of at most 255 and an ECDSA P-256 signature of 64: 337), 602 in all. What is
// left, 64,651 octets, is the room for the RRset counted without name compression (every record
// with its owner name in full), so the limit holds however a message is put together.
import { err } from '../result';
import type { Result } from '../result';
import type { RecordType } from './types';

export const DNS_MESSAGE_MAX = 65_535;
const HEADER = 12;
const QUESTION_MAX = 255 + 4;
const OPT = 11;
const RRSIG_RR_MAX = 255 + 10 + 18 + 255 + 64;
/** Type, class, TTL and RDATA length of every record. */
export const RR_FIXED = 10;
const NAME_MAX = 255;

/** Octets an RRset may take, owner names uncompressed. */
export const RRSET_MAX_BYTES = DNS_MESSAGE_MAX - HEADER - QUESTION_MAX - OPT - RRSIG_RR_MAX;
/** RDATA octets of one value: alone in its RRset at an owner name of the longest length. */
export const VALUE_MAX_BYTES = RRSET_MAX_BYTES - NAME_MAX - RR_FIXED;
/**
 * Content text no value within VALUE_MAX_BYTES can be longer than (a \DDD escape, 4 characters,
 * is the most text one octet takes). Checked before parsing, so megabytes of text cost nothing.
 */
export const CONTENT_MAX_CHARS = 4 * VALUE_MAX_BYTES;

/** The cheap check, before any parsing: text longer than any valid value can be. */
export function contentLengthProblem(
  type: RecordType,
  content: string,
  expected: string,
): Result<never> | null {
  if (content.length <= CONTENT_MAX_CHARS) return null;
  return sizeErr(
    `${type} content is ${content.length} characters long; no value DNS can carry is longer than ${CONTENT_MAX_CHARS} (one value holds at most ${VALUE_MAX_BYTES} bytes). Shorten it or split it over several records.`,
    expected,
  );
}

/** The exact check, on the RDATA octets of the parsed value (its spec's `wireBytes`). */
export function valueSizeProblem(
  type: RecordType,
  bytes: number,
  expected: string,
): Result<never> | null {
  if (bytes <= VALUE_MAX_BYTES) return null;
  return sizeErr(
    `${type} content is too long: it takes ${bytes} bytes in DNS, and one value may take at most ${VALUE_MAX_BYTES} so that its answer fits in a DNS message. Shorten it or split it over several records.`,
    expected,
  );
}

function sizeErr(message: string, expected: string): Result<never> {
  return { ...err(message, expected), details: { max_bytes: VALUE_MAX_BYTES } };
}
