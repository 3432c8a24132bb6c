// Versions of a record and of an RRset, as HTTP entity tags. A write that sends the version it
// was made from in `If-Match` is refused with 412 when the record changed meanwhile, instead of
// overwriting what someone else saved (ADR 0028). The tag is a hash of what the API shows of the
// record, so the dashboard computes the same tag from a record it listed, without a GET.

/** What a version covers: every field of a record the API shows but its id (made from these). */
export interface VersionedRecord {
  name: string;
  type: string;
  content: string;
  ttl: number;
  disabled: boolean;
  comment: string | null;
}

/** The entity tag (quoted, strong) of one record: its value, TTL, comment and switch. */
export function recordVersion(r: VersionedRecord): string {
  return tag(JSON.stringify([r.name, r.type, r.content, r.ttl, r.disabled, r.comment ?? null]));
}

/**
 * The entity tag of a whole RRset: its TTL and comment and every value with its switch, in any
 * order. A value added, removed or changed by anyone changes it. `GET records?name=&type=`
 * answers with it.
 */
export function rrsetVersion(values: readonly VersionedRecord[]): string {
  const first = values[0];
  if (!first) return tag('[]');
  // One value: the RRset is that record, and one version serves both (a PUT by name answers
  // the record's, and a DELETE of the same URL takes it back).
  if (values.length === 1) return recordVersion(first);
  const each = values
    .map((v) => [v.content, v.disabled] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return tag(JSON.stringify([first.name, first.type, first.ttl, first.comment ?? null, each]));
}

/**
 * An If-Match header: the tags it lists, `*` for "any current version", undefined when absent
 * or blank. Weak tags (W/"…") are kept as written, so they never match: If-Match compares
 * strongly (RFC 9110, 13.1.1). Also reads the `if_match` of a batch operation.
 */
export function parseIfMatch(header: string | undefined): string[] | '*' | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (text === '*') return '*';
  // A tag sent without its quotes (copied from a JSON field) is read as the quoted tag.
  return (text.match(/(?:W\/)?"[^"]*"|[^\s,]+/g) ?? []).map((t) =>
    /^(?:W\/)?"/.test(t) ? t : `"${t}"`,
  );
}

/** Whether the current version satisfies an If-Match (absent: always). */
export function versionMatches(ifMatch: string[] | '*' | undefined, current: string): boolean {
  return ifMatch === undefined || ifMatch === '*' || ifMatch.includes(current);
}

/**
 * Two lanes of 32-bit FNV-1a over the text's UTF-16 units, 16 hex digits. Not a secret: a
 * client that wants to overwrite can leave If-Match out; the tag only has to change when the
 * record does.
 */
function tag(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `"${hex(a)}${hex(b)}"`;
}
