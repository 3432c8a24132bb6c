// Names no single account may host: public suffixes (com, co.uk, in-addr.arpa, github.io), under
// which many independent owners register their own names. The list is the Public Suffix List as
// the tldts package ships it, private section included. Not used by the dashboard's forms: the
// list would add tens of kilobytes to the first load, so the service's answer carries the rule.
import { parse } from 'tldts';

/** Why `zone` (normalised, no trailing dot) may not be a zone; undefined when it may. */
export function publicSuffixProblem(zone: string): string | undefined {
  const r = parse(zone, {
    allowPrivateDomains: true,
    extractHostname: false,
    validateHostname: false,
  });
  if (r.domain !== null || !(r.isIcann || r.isPrivate)) return undefined;
  const example =
    zone === 'in-addr.arpa'
      ? '2.0.192.in-addr.arpa (the reverse zone of 192.0.2.0/24)'
      : zone === 'ip6.arpa'
        ? '8.b.d.0.1.0.0.2.ip6.arpa (the reverse zone of 2001:db8::/32)'
        : `example.${zone}`;
  return r.isIcann
    ? `Zone name ${zone} is a public suffix: many owners register their own names below it, so no one account may host it. Create the zone of your own domain instead, such as ${example}.`
    : `Zone name ${zone} is a public suffix (its owner lets anyone register names below it, as listed in the Public Suffix List), so no one account may host it. Create the zone of your own name below it, such as ${example}.`;
}
