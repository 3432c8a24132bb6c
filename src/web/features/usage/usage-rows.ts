// What the usage page shows, computed from the API's answer only: rows sorted by count, each
// type's share, and the dig command that sends a test query to the service's DNS server.
export interface UsageRow {
  type: string;
  count: number;
  /** 0–1, of the sum of all types. */
  share: number;
}

/** Types with queries, most asked first (ties by name, so that the order is stable). */
export function usageRows(byType: Record<string, number>): UsageRow[] {
  const entries = Object.entries(byType).filter(([, n]) => n > 0);
  const sum = entries.reduce((s, [, n]) => s + n, 0);
  return entries
    .map(([type, count]) => ({ type, count, share: sum ? count / sum : 0 }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

const percent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** "30.0 %" in the browser's locale; a share too small to show is "<0.1 %", never "0.0 %". */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.0005) return `<${percent.format(0.001)}`;
  return percent.format(share);
}

export interface DnsEndpoint {
  host: string;
  port: number;
}

/**
 * `dig @127.0.0.1 -p 8053 example.com`: the service's DNS server when /service.json told us,
 * else the zone's first nameserver on the standard port. A server bound to every address
 * (0.0.0.0, ::) is reached under the host name this page was loaded from.
 */
export function digCommand(
  zone: string,
  service: DnsEndpoint | null,
  nameservers: string[],
  pageHost: string,
): string {
  if (service) {
    const wildcard = service.host === '0.0.0.0' || service.host === '::' || service.host === '[::]';
    const host = wildcard ? pageHost.replace(/^\[|\]$/g, '') || '127.0.0.1' : service.host;
    const port = service.port === 53 ? '' : ` -p ${service.port}`;
    return `dig @${host}${port} ${zone}`;
  }
  const ns = nameservers[0];
  return ns ? `dig @${ns} ${zone}` : `dig ${zone}`;
}
