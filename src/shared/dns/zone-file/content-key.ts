// When two contents are the same record on the wire although their text differs.

import { RECORD_SPECS, txtWireStrings } from '../records/index';
import type { RecordType } from '../records/index';

/**
 * A key equal for contents the DNS serves identically. Only TXT needs it: free text `a b`, the
 * quoted `"a b"` and a long string split into 255-byte pieces (as a zone file must write it) are
 * one value, so an import of our own export compares by this key to find nothing to change.
 */
export function contentKey(type: RecordType, content: string): string {
  if (type !== 'TXT') return content;
  const parsed = RECORD_SPECS.TXT.parse(content);
  if (!parsed.ok) return content;
  return JSON.stringify(txtWireStrings(parsed.value));
}

/**
 * Whether two contents of `type` are one value on the wire: equal text, or for TXT the same
 * strings (`hello world` and `"hello world"`). A second spelling of a stored value is the same
 * record, so every write refuses it as it refuses the same text (RFC 2181 5: an RRset holds no
 * duplicates; a signed RRset that did would fail validation).
 */
export function sameValue(type: string, a: string, b: string): boolean {
  return a === b || (type === 'TXT' && contentKey('TXT', a) === contentKey('TXT', b));
}
