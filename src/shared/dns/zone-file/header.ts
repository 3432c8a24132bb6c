// The fields between owner and data: TTL and class in either order (both optional), then the type.

import { isRecordType } from '../records/index';
import type { RecordType } from '../records/index';
import { DNSSEC_CODES, DNSSEC_TYPES, SOA_CODE, TYPE_CODES } from './type-codes';
import type { Token } from './tokens';
import { looksLikeTtl, parseTtl } from './ttl';

export type TypeKind =
  | { kind: 'record'; type: RecordType }
  | { kind: 'soa' }
  | { kind: 'dnssec'; name: string }
  | { kind: 'other'; name: string };

export type Header =
  | { ok: true; ttl: number | undefined; type: TypeKind; data: Token[] }
  | { ok: false; message: string; field: 'ttl' | 'class' | 'type' };

const OTHER_CLASSES = /^(CH|CHAOS|HS|HESIOD|NONE|ANY|CLASS\d+)$/;

function classify(upper: string): TypeKind | undefined {
  const numbered = /^TYPE(\d{1,5})$/.exec(upper);
  if (numbered) {
    const code = Number(numbered[1]);
    const ours = TYPE_CODES[code];
    if (ours) return { kind: 'record', type: ours };
    if (code === SOA_CODE) return { kind: 'soa' };
    const dnssec = DNSSEC_CODES[code];
    return dnssec ? { kind: 'dnssec', name: dnssec } : { kind: 'other', name: upper };
  }
  if (isRecordType(upper)) return { kind: 'record', type: upper };
  if (upper === 'SOA') return { kind: 'soa' };
  if (DNSSEC_TYPES.has(upper)) return { kind: 'dnssec', name: upper };
  return /^[A-Z][A-Z0-9-]*$/.test(upper) ? { kind: 'other', name: upper } : undefined;
}

/** Reads TTL, class and type from `tokens` (the record without its owner). */
export function readHeader(tokens: readonly Token[]): Header {
  let ttl: number | undefined;
  let sawClass = false;
  let i = 0;
  for (; i < tokens.length && i < 2; i++) {
    const t = tokens[i];
    if (!t || t.quoted) break;
    const upper = t.raw.toUpperCase();
    if (ttl === undefined && looksLikeTtl(t.raw)) {
      ttl = parseTtl(t.raw);
      if (ttl === undefined) {
        return {
          ok: false,
          field: 'ttl',
          message: `TTL ${JSON.stringify(t.raw)} is invalid; write seconds (3600) or units such as 1h30m, 1d, 2w, at most 2147483647 seconds.`,
        };
      }
    } else if (!sawClass && (upper === 'IN' || upper === 'CLASS1')) {
      sawClass = true;
    } else if (!sawClass && OTHER_CLASSES.test(upper)) {
      return {
        ok: false,
        field: 'class',
        message: `Class ${t.raw} is not supported; only IN records can be imported.`,
      };
    } else break;
  }
  const typeToken = tokens[i];
  if (!typeToken) {
    return {
      ok: false,
      field: 'type',
      message: 'The record has no type; expected a type such as A, MX or TXT.',
    };
  }
  const type = typeToken.quoted ? undefined : classify(typeToken.raw.toUpperCase());
  if (!type) {
    return {
      ok: false,
      field: 'type',
      message: `${JSON.stringify(typeToken.raw)} is not a record type; expected a type such as A, MX or TXT.`,
    };
  }
  return { ok: true, ttl, type, data: tokens.slice(i + 1) };
}
