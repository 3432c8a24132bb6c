// The SOA the service serves for a zone: the DNS server answers it, the export writes it.
import { soaMailbox } from '../../shared/dns/names';

/** The negative-answer TTL (SOA MINIMUM): short, so that a record added after a miss shows soon. */
export const NEGATIVE_TTL = 300;

/** REFRESH, RETRY and EXPIRE of every zone's SOA (no secondaries pull from us; values as BIND's defaults). */
export const SOA_TIMERS = { refresh: 3600, retry: 600, expire: 604800 } as const;

/** The SOA fields of a zone, names absolute with a final dot. */
export function soaValues(zone: string, nameservers: readonly string[], serial: number) {
  const apex = zone.replace(/\.$/, '');
  const mname = nameservers[0] ?? `ns.${apex}`;
  return {
    mname: mname.endsWith('.') ? mname : `${mname}.`,
    rname: `${soaMailbox(apex, mname)}.`,
    serial: serial >>> 0,
    ...SOA_TIMERS,
    minimum: NEGATIVE_TTL,
  };
}
