// Route middleware that finds the zone and the record a path names, before the body is
// validated (existence answers 404 before validation answers 400).
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../store/db';
import { getRecord } from '../store/records';
import { getZone } from '../store/zones';
import type { AppEnv } from './context';
import { fail } from './errors';

export function loadZone(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.param('zone_id') ?? '';
    const zone = await getZone(db, c.get('principal').customerId, id);
    if (!zone)
      throw fail.notFound('zone_not_found', `No zone with id ${id} exists for this account.`);
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
