// Which hosts an answer names, whose addresses belong in the additional section (RFC 1035
// 3.3.9 for MX, RFC 2782 for SRV, RFC 1034 4.3.2 step 6 for NS), and reading names from RDATA.
import { TYPE } from './rdata';
import type { Section } from './resolve';

/** Where the host name starts in the RDATA of the types that name one. */
const HOST_OFFSET = new Map<number, number>([
  [TYPE.NS!, 0],
  [TYPE.MX!, 2], // after the preference
  [TYPE.SRV!, 6], // after priority, weight and port
]);

/** A name written uncompressed (as our RDATA always is) at `offset`, as the server holds names. */
export function nameAt(rdata: Buffer, offset: number): string {
  const labels: string[] = [];
  for (let i = offset; rdata[i]; i += rdata[i]! + 1)
    labels.push(rdata.toString('latin1', i + 1, i + 1 + rdata[i]!));
  return labels.join('.');
}

/** The distinct hosts named by the answer's RRsets of the question's type, in answer order. */
export function addressTargets(answer: Section[], qtype: number): string[] {
  const offset = HOST_OFFSET.get(qtype);
  if (offset === undefined) return [];
  const targets = new Set<string>();
  for (const s of answer) {
    if (s.rrset.type !== qtype) continue;
    for (const rdata of s.rrset.rdatas) {
      const host = nameAt(rdata, offset);
      if (host) targets.add(host); // "." (no service, RFC 7505 null MX) has no address
    }
  }
  return [...targets];
}
