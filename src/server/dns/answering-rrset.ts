// Which stored RRset an answer counts for (ADR 0017): the first RRset of the answer section when
// it is one of the user's, at the name asked or at the wildcard that synthesised it; that is
// the RRset of the asked type, or the CNAME that answered instead (its chain's later links are
// other names' answers, not this query's), or the ALIAS whose target's addresses answered.
// Negative answers, referrals, ANY (RFC 8482's HINFO) and the apex's own SOA, NS and DNSKEY
// (made from the zone's settings, not stored RRsets) count for no RRset.
import { TYPE, typeName } from './rdata';
import type { Resolution } from './resolve';
import { StoredRRset } from './zone-view';

export interface AnsweringRRset {
  /** As `rrsets.name` holds it: absolute, lower-case, with the trailing dot. */
  name: string;
  type: string;
}

export function answeringRRset(res: Resolution, qtype: number): AnsweringRRset | null {
  const first = res.answer[0];
  const zone = res.zone;
  if (!first || !zone || first.signer !== zone) return null;
  const owner = first.wildcard ?? first.owner;
  if (first.rrset instanceof StoredRRset)
    return { name: `${owner}.`, type: typeName(first.rrset.type) };
  const aliased = (qtype === TYPE.A || qtype === TYPE.AAAA) && first.rrset.type === qtype;
  if (aliased && zone.nodes.get(owner)?.alias) return { name: `${owner}.`, type: 'ALIAS' };
  return null;
}
