// When a zone hosted here lies below another zone hosted here, the one above is its parent: it
// delegates to it and, while the child is signed, holds its DS (ADR 0030). One rule, for the DNS
// view (zone-view.ts) and for what the API says of it (the DNSSEC DS route).

/** A name as NS records and the nameserver list hold it: lower case, no final dot. */
const plain = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * Whether the parent's NS records at the child's name leave the child with us: none (the cut is
 * then automatic, with the child's own nameservers), or only the nameservers that serve it here.
 * NS records naming any other server delegate the name elsewhere, where the keys hosted here are
 * not the ones that sign: the parent then holds no DS for it.
 */
export function delegatedHere(parentNs: readonly string[], childNameservers: readonly string[]) {
  const ours = new Set(childNameservers.map(plain));
  return parentNs.every((ns) => ours.has(plain(ns)));
}
