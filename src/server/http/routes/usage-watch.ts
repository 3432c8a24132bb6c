// GET /v1/zones/{zone_id}/usage/watch: the zone's changes of the last 15 minutes, watched for
// what queries for their names get since, with a verdict (ADR 0018).
import { createRoute } from '@hono/zod-openapi';
import {
  changeWatchResponse,
  success,
  WATCH_ALERT_FAILURES,
  WATCH_CHANGES_MAX,
  WATCH_MINUTES,
  WATCH_NAMES_MAX,
} from '../../../shared/api';
import { watchReport } from '../../dns/change-watch-report';
import { loadZone } from '../loaders';
import { commonErrors, json, register, type Registrar } from '../registrar';
import { zoneParams } from './zones';

export function registerUsageWatchRoute(r: Registrar) {
  const { db } = r.deps.store;
  register(
    r,
    ['usage:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/usage/watch',
      summary: "Recent changes and how their names' queries are answered since",
      description: `For ${WATCH_MINUTES} minutes after a change to the zone's records, the DNS server counts per minute how queries for the names it touched are answered (at most ${WATCH_NAMES_MAX} names per change, names whose records were removed first; at most ${WATCH_CHANGES_MAX} changes per zone). \`before\` is what the server answered for each name just before the change. A query of a name and type that was answered before and now gets NXDOMAIN or NODATA counts as failed; from ${WATCH_ALERT_FAILURES} failed queries the verdict is \`alert\`. Counted in memory by the server answering: empty after a restart.`,
      middleware: [loadZone(db)],
      request: { params: zoneParams },
      responses: { 200: json(changeWatchResponse, 'Changes being watched'), ...commonErrors },
    }),
    async (c) => {
      const zone = c.get('zone');
      await r.deps.usage?.gather();
      const watched = r.deps.usage?.watch?.watched(zone.id) ?? [];
      const ids = watched.map((w) => w.id);
      const rows = ids.length
        ? await db
            .selectFrom('changes')
            .select(['id', 'summary'])
            .where('zone_id', '=', zone.id)
            .where('id', 'in', ids)
            .execute()
        : [];
      const summaries = new Map(rows.map((row) => [row.id, row.summary]));
      const now = Date.now();
      return c.json(
        success({
          changes: watched.map((w) => watchReport(w, summaries.get(w.id) ?? null, now)),
          watch_minutes: WATCH_MINUTES,
          alert_failures: WATCH_ALERT_FAILURES,
        }),
        200,
      );
    },
  );
}
