// The data tokens of one record turned into the content text the registry reads; the registry
// alone decides what is valid (ADR 0009). Only zone-file syntax is handled here: relative host
// names, unquoted TXT words, hex split by blanks, the generic "\#" form.

import { normalizeContent } from '../records/index';
import type { RecordType } from '../records/index';
import { decodeGeneric, genericBytes } from './generic';
import { absoluteText } from './names';
import type { Token } from './tokens';

/** Which data tokens are domain names, relative to $ORIGIN in a zone file. */
const NAME_AT: Partial<Record<RecordType, number>> = {
  CNAME: 0,
  NS: 0,
  PTR: 0,
  ALIAS: 0,
  MX: 1,
  SRV: 3,
  HTTPS: 1,
  SVCB: 1,
};

/** Types whose last field is one hex block that zone files may split with blanks. */
const HEX_FROM: Partial<Record<RecordType, number>> = { TLSA: 3, SSHFP: 2 };

export type ContentResult =
  { ok: true; content: string } | { ok: false; message: string; field?: string };

const present = (t: Token): string => (t.quoted ? `"${t.raw}"` : t.raw);

function contentText(type: RecordType, tokens: readonly Token[], origin: string): string {
  if (type === 'TXT') return tokens.map((t) => `"${t.raw}"`).join(' ');
  const texts = tokens.map(present);
  const nameAt = NAME_AT[type];
  const nameToken = nameAt === undefined ? undefined : tokens[nameAt];
  if (nameAt !== undefined && nameToken && !nameToken.quoted && nameToken.raw !== '.') {
    texts[nameAt] = absoluteText(nameToken.raw, origin);
  }
  const hexFrom = HEX_FROM[type];
  if (
    hexFrom !== undefined &&
    tokens.length > hexFrom + 1 &&
    tokens.slice(hexFrom).every((t) => !t.quoted)
  ) {
    return [...texts.slice(0, hexFrom), texts.slice(hexFrom).join('')].join(' ');
  }
  return texts.join(' ');
}

/** Canonical content for `type` from the record's data tokens, or the registry's error. */
export function recordContent(
  type: RecordType,
  tokens: readonly Token[],
  origin: string,
): ContentResult {
  let text: string;
  const [first] = tokens;
  if (first && !first.quoted && first.raw === '\\#') {
    const bytes = genericBytes(tokens.slice(1).map((t) => t.raw));
    if (!bytes.ok) return bytes;
    const decoded = decodeGeneric(type, bytes.bytes);
    if (!decoded.ok) return decoded;
    text = decoded.content;
  } else {
    text = contentText(type, tokens, origin);
  }
  const normalized = normalizeContent(type, text);
  if (normalized.ok) return { ok: true, content: normalized.value };
  return normalized.field === undefined
    ? { ok: false, message: normalized.message }
    : { ok: false, message: normalized.message, field: normalized.field };
}
