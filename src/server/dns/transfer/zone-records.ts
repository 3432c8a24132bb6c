// Records of a transfer beside the zone's form (zone-form.ts): the SOA at a given serial, and the
// records an RRset's change from the journal deletes and adds (IXFR). Disabled values are not
// transferred.
import { contentToRdata, nameWire, TYPE } from '../rdata';
import type { RecordType } from '../../../shared/dns/records';
import type { RRsetDiff } from '../../../shared/api/changes';
import type { ZoneView } from '../zone-view';
import { rrWire } from './wire';

export function soaRecord(zone: ZoneView, serial = zone.serial): Buffer {
  const soa = zone.soa();
  const rdata = Buffer.from(soa.rdatas[0]!);
  // The serial sits 20 octets before the end of the SOA RDATA (then refresh, retry, expire, minimum).
  rdata.writeUInt32BE(serial >>> 0, rdata.length - 20);
  return rrWire(nameWire(zone.name), soa.type, soa.ttl, rdata);
}

/** The records one side of an RRset diff holds on the wire (enabled values only). */
function sideRecords(d: RRsetDiff, side: 'before' | 'after'): Map<string, Buffer> {
  const state = d[side];
  const out = new Map<string, Buffer>();
  if (!state) return out;
  const owner = nameWire(d.name);
  const code = TYPE[d.type]!;
  for (const v of state.values) {
    if (v.disabled) continue;
    const rdata = contentToRdata(d.type as RecordType, v.content);
    out.set(rdata.toString('latin1'), rrWire(owner, code, state.ttl, rdata));
  }
  return out;
}

/**
 * The records to delete and to add for an RRset that went from `before` to `after` (the net
 * of several changes): the values that differ, or all of them when the TTL changed (a record's
 * TTL is part of what the secondary holds).
 */
export function rrsetDelta(d: RRsetDiff): { deleted: Buffer[]; added: Buffer[] } {
  const before = sideRecords(d, 'before');
  const after = sideRecords(d, 'after');
  if (d.before && d.after && d.before.ttl !== d.after.ttl) {
    return { deleted: [...before.values()], added: [...after.values()] };
  }
  return {
    deleted: [...before].filter(([k]) => !after.has(k)).map(([, rr]) => rr),
    added: [...after].filter(([k]) => !before.has(k)).map(([, rr]) => rr),
  };
}
