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
import type { FieldsByType } from './index';
import { svcKeyNumber } from './svcb-params';
import { txtWireBytes } from './txt';
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

const utf8 = new TextEncoder();
const utf8Bytes = (s: string) => utf8.encode(s).length;

/** Wire length of a host name as stored ("mail.example.com." or "."). */
export function nameWireBytes(name: string): number {
  const labels = name.split('.').filter(Boolean);
  return labels.reduce((n, l) => n + 1 + l.length, 1);
}

function svcbBytes(f: FieldsByType['SVCB']): number {
  let n = 2 + nameWireBytes(f.target);
  for (const p of f.params) {
    const v = p.value ?? '';
    const items = v === '' ? 0 : v.split(',').length;
    switch (svcKeyNumber(p.key)) {
      case 0:
        n += 4 + 2 * items;
        break;
      case 1: // length-prefixed ids; "\," is a comma inside an id
        n +=
          4 + v.split(/(?<!\\),/).reduce((s, id) => s + 1 + utf8Bytes(id.replace(/\\,/g, ',')), 0);
        break;
      case 3:
        n += 4 + 2;
        break;
      case 4:
        n += 4 + 4 * items;
        break;
      case 5:
        n += 4 + (v.length / 4) * 3 - (v.endsWith('==') ? 2 : v.endsWith('=') ? 1 : 0);
        break;
      case 6:
        n += 4 + 16 * items;
        break;
      default:
        n += 4 + utf8Bytes(v);
    }
  }
  return n;
}

/** RDATA octets of a parsed value, as the DNS server encodes it (ALIAS: as its target name). */
export function rdataBytes<T extends RecordType>(type: T, fields: FieldsByType[T]): number {
  const f = fields as FieldsByType[RecordType];
  switch (type) {
    case 'A':
      return 4;
    case 'AAAA':
      return 16;
    case 'CNAME':
    case 'NS':
    case 'PTR':
    case 'ALIAS':
      return nameWireBytes((f as FieldsByType['NS']).host);
    case 'MX':
      return 2 + nameWireBytes((f as FieldsByType['MX']).host);
    case 'SRV':
      return 6 + nameWireBytes((f as FieldsByType['SRV']).target);
    case 'TXT':
      return txtWireBytes(f as FieldsByType['TXT']);
    case 'CAA': {
      const c = f as FieldsByType['CAA'];
      return 2 + c.tag.length + utf8Bytes(c.value);
    }
    case 'TLSA':
      return 3 + (f as FieldsByType['TLSA']).data.length / 2;
    case 'SSHFP':
      return 2 + (f as FieldsByType['SSHFP']).fingerprint.length / 2;
    default:
      return svcbBytes(f as FieldsByType['SVCB']);
  }
}

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

/** The exact check, on the parsed value. */
export function valueSizeProblem<T extends RecordType>(
  type: T,
  fields: FieldsByType[T],
  expected: string,
): Result<never> | null {
  const bytes = rdataBytes(type, fields);
  if (bytes <= VALUE_MAX_BYTES) return null;
  return sizeErr(
    `${type} content is too long: it takes ${bytes} bytes in DNS, and one value may take at most ${VALUE_MAX_BYTES} so that its answer fits in a DNS message. Shorten it or split it over several records.`,
    expected,
  );
}

function sizeErr(message: string, expected: string): Result<never> {
  return { ...err(message, expected), details: { max_bytes: VALUE_MAX_BYTES } };
}
