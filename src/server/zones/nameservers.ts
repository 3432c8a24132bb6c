// The nameservers that serve a zone, by its region: the API shows them, the DNS server answers
// them as the apex NS RRset and the SOA's primary.
import type { Config } from '../config';

export function nameserversFor(
  config: Pick<Config, 'NAMESERVERS_EU' | 'NAMESERVERS_GLOBAL'>,
  region: string,
): string[] {
  if (region === 'EU') return [...config.NAMESERVERS_EU];
  if (region === 'GLOBAL') return [...config.NAMESERVERS_GLOBAL];
  return [...config.NAMESERVERS_EU, ...config.NAMESERVERS_GLOBAL];
}
