// Per-query figures of the DNS server, counted in plain arrays (a labelled prom-client inc() per
// query would cost more than the answer itself) and handed to the metrics registry when scraped.
import type { Metrics } from '../metrics';

const RCODE_NAMES = [
  'NOERROR',
  'FORMERR',
  'SERVFAIL',
  'NXDOMAIN',
  'NOTIMP',
  'REFUSED',
  'YXDOMAIN',
  'YXRRSET',
  'NXRRSET',
  'NOTAUTH',
  'NOTZONE',
];
const rcodeName = (r: number) => RCODE_NAMES[r] ?? `RCODE${r}`;

export class DnsCounters {
  /** Responses sent, by header rcode (0–15). */
  readonly udp = new Float64Array(16);
  readonly tcp = new Float64Array(16);
  rrlDrop = 0;
  rrlSlip = 0;

  constructor(metrics?: Metrics) {
    if (!metrics) return;
    // prom-client calls `collect` before reading a metric: add what was counted since the last
    // scrape, so the counters stay monotonic.
    const shown = { udp: new Float64Array(16), tcp: new Float64Array(16), drop: 0, slip: 0 };
    const queries = metrics.dnsQueries as unknown as { collect?: () => void };
    queries.collect = () => {
      for (const transport of ['udp', 'tcp'] as const) {
        const now = this[transport];
        const before = shown[transport];
        for (let r = 0; r < 16; r++) {
          if (now[r]! > before[r]!) {
            metrics.dnsQueries.inc({ rcode: rcodeName(r), transport }, now[r]! - before[r]!);
            before[r] = now[r]!;
          }
        }
      }
    };
    const rrl = metrics.dnsRrl as unknown as { collect?: () => void };
    rrl.collect = () => {
      if (this.rrlDrop > shown.drop)
        metrics.dnsRrl.inc({ action: 'drop' }, this.rrlDrop - shown.drop);
      if (this.rrlSlip > shown.slip)
        metrics.dnsRrl.inc({ action: 'slip' }, this.rrlSlip - shown.slip);
      shown.drop = this.rrlDrop;
      shown.slip = this.rrlSlip;
    };
  }
}
