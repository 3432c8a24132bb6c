// The catalog zone (RFC 9432, schema version 2): every zone a secondary can take, as a PTR at
// <id>.zones.<catalog>, so that Knot and BIND add and remove member zones by themselves. It is
// not stored: it is made from the DNS view whenever membership changes, with a new serial.
import { createHash } from 'node:crypto';
import { nameWire, soaRdata, TYPE } from '../rdata';
import type { ViewStore } from '../view-store';
import type { ZoneView } from '../zone-view';
import { rrWire } from './wire';

const TTL = 0; // RFC 9432 leaves it open; 0 keeps resolvers from caching what is not for them

/** The member's unique label: stable for the zone's life, new if the zone is deleted and made again. */
export function memberLabel(zone: ZoneView): string {
  return createHash('sha256').update(zone.id).digest('hex').slice(0, 20);
}

export class CatalogZone {
  /** Member zone names by unique label. */
  private members = new Map<string, string>();
  serial: number;

  constructor(
    /** Lower case, no trailing dot. */
    readonly name: string,
    now = Date.now(),
  ) {
    // Seconds since 1970: a restart never goes back in serials (unless more than one change a
    // second ran ahead of the clock just before it).
    this.serial = Math.floor(now / 1000) >>> 0;
  }

  /** Recomputes the members from the view; true (and a new serial) when they changed. */
  refresh(views: Pick<ViewStore, 'zones' | 'findZone'>, now = Date.now()): boolean {
    const next = new Map<string, string>();
    for (const zone of views.zones()) {
      // A zone withheld for overlapping another's is not served.
      if (!zone.active || views.findZone(zone.name) !== zone) continue;
      if (zone.name === this.name) continue;
      next.set(memberLabel(zone), zone.name);
    }
    const same =
      next.size === this.members.size &&
      [...next].every(([label, name]) => this.members.get(label) === name);
    if (same) return false;
    this.members = next;
    this.serial = Math.max(this.serial + 1, Math.floor(now / 1000)) >>> 0;
    return true;
  }

  get memberNames(): string[] {
    return [...this.members.values()].sort();
  }

  soa(serial = this.serial): Buffer {
    const rdata = soaRdata(this.name, 'invalid.', serial, TTL);
    // soaRdata names hostmaster.<zone>; the catalog's SOA is only a serial holder.
    return rrWire(nameWire(this.name), TYPE.SOA!, TTL, rdata);
  }

  /** Every record but the SOA: NS invalid. (RFC 9432 4.1), the version, the members. */
  *records(): Generator<Buffer> {
    const apex = nameWire(this.name);
    yield rrWire(apex, TYPE.NS!, TTL, nameWire('invalid'));
    const version = Buffer.from([1, 0x32]); // one TXT string: "2"
    yield rrWire(nameWire(`version.${this.name}`), TYPE.TXT!, TTL, version);
    for (const [label, zone] of this.members) {
      yield rrWire(nameWire(`${label}.zones.${this.name}`), TYPE.PTR!, TTL, nameWire(zone));
    }
  }
}
