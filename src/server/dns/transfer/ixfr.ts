// IXFR (RFC 1995) from the change journal: the net difference between the client's serial and
// ours, as one condensed delta (RFC 1995 allows it), or null when only a full transfer will do.
import type { RRsetDiff, SettingDiff } from '../../../shared/api/changes';
import type { Db } from '../../store/db';
import { serialNewer } from '../../../shared/dns/serial';
import type { ZoneView } from '../zone-view';
import { rrsetDelta } from './zone-records';

/** RFC 1982 order, here since the transfer code first needed it. */
export { serialNewer };

export type IxfrPlan =
  | { kind: 'up_to_date' }
  | { kind: 'delta'; deleted: Buffer[]; added: Buffer[] }
  /** The journal does not cover the range (pruned, or a change it cannot express): AXFR. */
  | { kind: 'axfr'; why: string };

/** Changes an incremental transfer can express: record writes with no zone setting. */
const RECORD_KINDS = new Set(['records', 'batch', 'revert', 'import']);

/** The plan from the client's serial to `serial` (ours when the transfer began). */
export async function planIxfr(
  db: Db,
  zone: ZoneView,
  clientSerial: number,
  serial: number,
): Promise<IxfrPlan> {
  if (!serialNewer(serial, clientSerial)) return { kind: 'up_to_date' };
  // The change that produced the client's serial; those after it bring the client to ours.
  const from = await db
    .selectFrom('changes')
    .select('seq')
    .where('zone_id', '=', zone.id)
    .where('serial', '=', clientSerial)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!from) return { kind: 'axfr', why: `serial ${clientSerial} is not in the journal` };
  const rows = await db
    .selectFrom('changes')
    .select(['serial', 'kind', 'settings', 'rrsets'])
    .where('zone_id', '=', zone.id)
    .where('seq', '>', from.seq)
    .orderBy('seq', 'asc')
    .execute();
  // A change committed after the transfer began is not ours to send yet.
  const end = rows.findIndex((r) => r.serial === serial);
  if (end < 0) return { kind: 'axfr', why: `the journal does not reach serial ${serial}` };
  // Per RRset: the state before the first change that touched it, after the last one.
  const net = new Map<string, RRsetDiff>();
  for (const row of rows.slice(0, end + 1)) {
    const settings = JSON.parse(row.settings) as SettingDiff[];
    // A zone change with no setting (the zone's creation) changes no record.
    if (row.kind === 'zone' && !settings.length) continue;
    if (!RECORD_KINDS.has(row.kind) || settings.length) {
      return {
        kind: 'axfr',
        why: `a ${row.kind} change (serial ${row.serial}) changed the zone's settings`,
      };
    }
    for (const d of JSON.parse(row.rrsets) as RRsetDiff[]) {
      if (d.type === 'ALIAS') return { kind: 'axfr', why: 'an ALIAS changed (sent as A/AAAA)' };
      const key = `${d.name}\0${d.type}`;
      const seen = net.get(key);
      net.set(key, seen ? { ...seen, after: d.after } : d);
    }
  }
  const deleted: Buffer[] = [];
  const added: Buffer[] = [];
  for (const d of net.values()) {
    const delta = rrsetDelta(d);
    deleted.push(...delta.deleted);
    added.push(...delta.added);
  }
  return { kind: 'delta', deleted, added };
}
