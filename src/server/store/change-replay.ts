// A zone's changes since a serial, as the events its writes announced (ADR 0021): what a node
// that missed notifications applies to catch up. Read from the journal, which records every
// change's RRsets as they were after it; serials the journal does not record (re-signing, ALIAS
// targets) end in one zone event with the zone as it is now.
import type { RRsetDiff, SettingDiff } from '../../shared/api/changes';
import type { ZoneEvent, ZoneState } from '../events';
import type { Db } from './db';
import { rrsetKey, rrsetsEvent, type States } from './journal';

export async function eventsSince(db: Db, zoneId: string, known: number): Promise<ZoneEvent[]> {
  const zone = await db
    .selectFrom('zones')
    .select(['serial', 'ttl', 'status', 'deleted_at'])
    .where('id', '=', zoneId)
    .executeTakeFirst();
  if (!zone || zone.deleted_at) return [{ kind: 'deleted', zoneId }];
  const now: ZoneState = { serial: zone.serial, ttl: zone.ttl, status: zone.status };
  if (zone.serial <= known) return [];
  // The journal is pruned from its oldest end: when it keeps a change at or before the serial
  // known, it keeps every change after it. When it does not, the zone is read whole.
  const covered = await db
    .selectFrom('changes')
    .select('serial')
    .where('zone_id', '=', zoneId)
    .where('serial', '<=', known)
    .limit(1)
    .executeTakeFirst();
  if (!covered) return [{ kind: 'zone', zoneId, zone: now, reload: true }];
  const changes = await db
    .selectFrom('changes')
    .select(['id', 'serial', 'rrsets', 'settings', 'reverts'])
    .where('zone_id', '=', zoneId)
    .where('serial', '>', known)
    .orderBy('serial')
    .execute();
  const events: ZoneEvent[] = [];
  let last = known;
  for (const c of changes) {
    const at: ZoneState = { ...now, serial: c.serial };
    const diffs = JSON.parse(c.rrsets) as RRsetDiff[];
    const settings = JSON.parse(c.settings) as SettingDiff[];
    if (diffs.length) {
      const states: States = new Map(diffs.map((d) => [rrsetKey(d), d.after]));
      const journal = c.reverts ? { changeId: c.id, reverts: c.reverts } : { changeId: c.id };
      events.push(rrsetsEvent(zoneId, at, states, journal));
    }
    if (settings.length || !diffs.length) events.push({ kind: 'zone', zoneId, zone: at });
    last = c.serial;
  }
  if (last < now.serial) events.push({ kind: 'zone', zoneId, zone: now });
  return events;
}
