// The zone-file writer: BIND-compatible text, one line per value, streamable one RRset at a time.

import { relativeName } from '../names';
import { RECORD_SPECS, txtWireStrings } from '../records/index';
import type { RecordType } from '../records/index';
import type { SoaValues } from './types';

export interface ValueForFile {
  content: string;
  disabled: boolean;
}

export interface RRsetForFile {
  /** Absolute: "www.example.com." */
  name: string;
  type: RecordType;
  ttl: number;
  comment?: string;
  values: readonly ValueForFile[];
}

export interface ZoneForFile {
  origin: string;
  /** Written as $TTL. */
  ttl: number;
  soa?: SoaValues & { ttl?: number };
  /** Any iterable, so the export route can pass a generator over the store's pages. */
  rrsets: Iterable<RRsetForFile>;
}

const encoder = new TextEncoder();

/** Every character outside printable ASCII as \DDD of its UTF-8 bytes: the file stays ASCII. */
function escapeNonAscii(s: string): string {
  return s.replace(/[^\x20-\x7e]/gu, (ch) =>
    Array.from(encoder.encode(ch), (b) => `\\${String(b).padStart(3, '0')}`).join(''),
  );
}

/** A character-string quoted for BIND: \" and \\ escaped, the rest ASCII. */
function quoteForFile(s: string): string {
  return `"${escapeNonAscii(s.replace(/[\\"]/g, (c) => `\\${c}`))}"`;
}

/** Data as written in the file: TXT as quoted strings of at most 255 bytes, the rest escaped. */
export function rdataText(type: RecordType, content: string): string {
  if (type === 'TXT') {
    const parsed = RECORD_SPECS.TXT.parse(content);
    const fields = parsed.ok ? parsed.value : { strings: [content], quoted: false };
    return txtWireStrings(fields).map(quoteForFile).join(' ');
  }
  return escapeNonAscii(escapeSpecials(content));
}

/** ";", "(" and ")" outside quotes would start a comment or a group in the file: written as \DDD. */
function escapeSpecials(content: string): string {
  if (!/[;()]/.test(content)) return content;
  let out = '';
  let quoted = false;
  for (let i = 0; i < content.length; i++) {
    const c = content[i] ?? '';
    if (c === '\\') {
      out += c + (content[i + 1] ?? '');
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      out += c;
    } else if (!quoted && (c === ';' || c === '(' || c === ')')) {
      out += `\\${String(c.charCodeAt(0)).padStart(3, '0')}`;
    } else out += c;
  }
  return out;
}

function ownerText(name: string, origin: string): string {
  const relative = relativeName(name, origin);
  // Names we store are letters, digits, "-", "_" and "*"; anything else is escaped to be safe.
  return relative.replace(
    /[^A-Za-z0-9*_\-.@]/g,
    (c) => `\\${String(c.charCodeAt(0) & 0xff).padStart(3, '0')}`,
  );
}

// A comment that would read back as one of our markers gets a second ";".
const LOOKS_LIKE_MARKER = /^[ \t]*(disabled|alias):/i;

function commentLines(comment: string): string[] {
  return comment
    .split(/\r\n|\r|\n/)
    .map((l) => escapeNonAscii(l))
    .map((l) => (LOOKS_LIKE_MARKER.test(l) ? `;; ${l}` : `; ${l}`));
}

/** The lines of one RRset: its comment, then one line per value; disabled values and ALIAS as marked comments. */
export function rrsetLines(rrset: RRsetForFile, origin: string): string[] {
  const lines = rrset.comment ? commentLines(rrset.comment) : [];
  const owner = ownerText(rrset.name, origin);
  for (const value of rrset.values) {
    const record = `${owner}\t${rrset.ttl}\tIN\t${rrset.type}\t${rdataText(rrset.type, value.content)}`;
    // BIND knows no ALIAS type: the line is a comment to it, and our parser reads it back.
    if (value.disabled) lines.push(`; disabled: ${record}`);
    else if (rrset.type === 'ALIAS') lines.push(`; alias: ${record}`);
    else lines.push(record);
  }
  return lines;
}

/** $ORIGIN, $TTL and the SOA. */
export function zoneFileHeader(zone: Omit<ZoneForFile, 'rrsets'>): string[] {
  const origin = zone.origin.trim().toLowerCase().replace(/\.$/, '');
  const lines = [`$ORIGIN ${origin}.`, `$TTL ${zone.ttl}`];
  const { soa } = zone;
  if (soa) {
    lines.push(
      `@\t${soa.ttl ?? zone.ttl}\tIN\tSOA\t${soa.mname} ${soa.rname} ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minimum}`,
    );
  }
  return lines;
}

/** The whole file line by line (no newlines), for a streamed response. */
export function* zoneFileLines(zone: ZoneForFile): Generator<string, void, undefined> {
  yield* zoneFileHeader(zone);
  for (const rrset of zone.rrsets) yield* rrsetLines(rrset, zone.origin);
}

export function writeZoneFile(zone: ZoneForFile): string {
  let out = '';
  for (const line of zoneFileLines(zone)) out += `${line}\n`;
  return out;
}
