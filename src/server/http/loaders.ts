// Route middleware that finds the zone and the record a path names, before the body is
// validated (existence answers 404 before validation answers 400).
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../store/db';
import { getRecord } from '../store/records';
import type { ZoneCache } from '../store/zone-cache';
import { getZone } from '../store/zones';
import type { AppEnv } from './context';
import { fail } from './errors';

/** The 404 of a zone that does not exist, or no longer: deleted while a write to it waited
 * (ZoneGone, answered in app.ts). */
export function zoneNotFound(id: string) {
  return fail.notFound('zone_not_found', `No zone with id ${id} exists for this account.`);
}

/**
 * The zone the path names, read from the database; or, for a route whose write does not depend
 * on what the zone cache may not know yet (zone-cache.ts), from `cache` (PostgreSQL).
 */
export function loadZone(db: Db, cache?: ZoneCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.param('zone_id') ?? '';
    const { customerId } = c.get('principal');
    const zone = await (cache ? cache.zone(customerId, id) : getZone(db, customerId, id));
    if (!zone) throw zoneNotFound(id);
    c.set('zone', zone);
    await next();
  };
}

export function loadRecord(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.param('record_id') ?? '';
    const record = await getRecord(db, c.get('zone').id, id);
    if (!record) {
      throw fail.notFound(
        'record_not_found',
        `No record with id ${id} exists in zone ${c.get('zone').name}.`,
      );
    }
    c.set('record', record);
    await next();
  };
}
