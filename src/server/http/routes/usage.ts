// GET /v1/zones/{zone_id}/usage: query counts of a range of UTC days, by type and outcome.
import { createRoute } from '@hono/zod-openapi';
import { success, usageQuery, usageRange, usageResponse } from '../../../shared/api';
import { readUsage } from '../../store/usage';
import { fail } from '../errors';
import { loadZone } from '../loaders';
import { commonErrors, json, register, type Registrar } from '../registrar';
import { usageReport } from './usage-report';
import { registerUsageRrsetsRoute } from './usage-rrsets';
import { registerUsageTopNamesRoute } from './usage-top-names';
import { registerUsageWatchRoute } from './usage-watch';
import { zoneParams } from './zones';

export function registerUsageRoutes(r: Registrar) {
  const { db } = r.deps.store;
  register(
    r,
    ['usage:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/usage',
      summary: 'Query counts of a range of UTC days, by query type and outcome',
      description:
        "Counts the queries the service's own DNS server answered for the zone. Default range: the current UTC month up to today; at most 366 days between start_date and end_date. granularity=hour adds an hourly series and needs the range within the last 7 days (default: those 7 days). Outcomes are counted since the upgrade that added them; days before it have types only.",
      middleware: [loadZone(db)],
      request: { params: zoneParams, query: usageQuery },
      responses: { 200: json(usageResponse, 'Usage of the range'), ...commonErrors },
    }),
    async (c) => {
      const zone = c.get('zone');
      const now = Date.now();
      const range = usageRange(c.req.valid('query'), now);
      if (!range.ok)
        throw fail.badRequest('invalid_request', range.message, { field: range.field });
      // Counts of the DNS workers first: they join this process's unflushed ones.
      await r.deps.usage?.gather();
      const stored = await readUsage(
        db,
        zone.id,
        range.start,
        range.end,
        range.granularity === 'hour',
      );
      const unflushed = r.deps.usage?.unflushed(zone.id, `${range.start}T00`) ?? [];
      const report = usageReport(range, stored, unflushed, now);
      return c.json(
        success({
          zone_id: zone.id,
          zone_name: zone.name,
          period: range.period,
          queries: report.total.queries,
          queries_by_type: report.total.queries_by_type,
          total_queries: report.total.queries,
          period_start: range.start,
          period_end: range.end,
          granularity: range.granularity,
          by_outcome: report.total.by_outcome,
          daily_breakdown: report.daily,
          ...(report.hourly ? { hourly_breakdown: report.hourly } : {}),
        }),
        200,
      );
    },
  );
  registerUsageTopNamesRoute(r);
  registerUsageWatchRoute(r);
  registerUsageRrsetsRoute(r);
}
