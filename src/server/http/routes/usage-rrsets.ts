// GET /v1/zones/{zone_id}/usage/rrsets: every RRset of the zone with its queries of the last N
// UTC days and its last query, stored counts plus those not flushed yet (ADR 0017).
import { createRoute } from '@hono/zod-openapi';
import {
  addDays,
  RRSET_USAGE_DEFAULT_DAYS,
  RRSET_USAGE_MAX_DAYS,
  rrsetUsageQuery,
  rrsetUsageResponse,
  success,
  utcDay,
} from '../../../shared/api';
import { readRrsetUsage } from '../../store/usage-rrsets';
import { loadZone } from '../loaders';
import { commonErrors, json, register, type Registrar } from '../registrar';
import { zoneParams } from './zones';

export function registerUsageRrsetsRoute(r: Registrar) {
  const { db } = r.deps.store;
  register(
    r,
    ['usage:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/usage/rrsets',
      summary: 'Queries and the last query of every RRset of the zone',
      description: `Every RRset of the zone, in (name, type) order, including those never queried (queries 0, last_queried_at null): the queries its own DNS server answered from it in the last \`days\` UTC days (default ${RRSET_USAGE_DEFAULT_DAYS}, at most ${RRSET_USAGE_MAX_DAYS}) and when it was last queried. A CNAME or ALIAS that answered counts for itself; a wildcard's synthesised answers count for the wildcard; NXDOMAIN, NODATA and referrals count for no RRset. Answers cached by resolvers and queries answered by secondaries are not seen.`,
      middleware: [loadZone(db)],
      request: { params: zoneParams, query: rrsetUsageQuery },
      responses: { 200: json(rrsetUsageResponse, 'Usage per RRset'), ...commonErrors },
    }),
    async (c) => {
      const zone = c.get('zone');
      const days = Number(c.req.valid('query').days ?? RRSET_USAGE_DEFAULT_DAYS);
      const since = addDays(utcDay(Date.now()), -(days - 1));
      await r.deps.usage?.gather();
      const rows = await readRrsetUsage(db, zone.id, since);
      const pending = new Map<string, { count: number; last: number }>();
      for (const u of r.deps.usage?.rrsets.unflushed(zone.id) ?? []) {
        const key = `${u.name}\0${u.type}`;
        const had = pending.get(key) ?? { count: 0, last: 0 };
        pending.set(key, {
          count: had.count + (u.day >= since ? u.count : 0),
          last: Math.max(had.last, u.last),
        });
      }
      if (pending.size) {
        for (const row of rows) {
          const p = pending.get(`${row.name}\0${row.type}`);
          if (!p) continue;
          row.queries += p.count;
          const last = new Date(p.last).toISOString();
          if (!row.last_queried_at || last > row.last_queried_at) row.last_queried_at = last;
        }
      }
      return c.json(success({ zone_id: zone.id, days, since, rrsets: rows }), 200);
    },
  );
}
