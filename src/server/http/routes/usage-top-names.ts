// GET /v1/zones/{zone_id}/usage/top-names: the most asked names of a UTC day and the names that
// got NXDOMAIN, from the day's bounded sketches (ADR 0016).
import { createRoute } from '@hono/zod-openapi';
import {
  success,
  TOP_NAMES_LISTED,
  topNamesQuery,
  topNamesResponse,
  utcDay,
  type TopName,
} from '../../../shared/api';
import type { SketchEntry } from '../../dns/space-saving';
import { TopNames } from '../../dns/top-names';
import { fail } from '../errors';
import { loadZone } from '../loaders';
import { commonErrors, json, register, type Registrar } from '../registrar';
import { zoneParams } from './zones';

const listed = (entries: readonly SketchEntry[]): TopName[] =>
  entries
    .slice(0, TOP_NAMES_LISTED)
    .map((e) => ({ name: `${e.name}.`, queries: e.count, error: e.error }));

export function registerUsageTopNamesRoute(r: Registrar) {
  const { db } = r.deps.store;
  // Without a DNS server (tests of the API alone) the stored rows are all there is.
  const stored = new TopNames(db);
  register(
    r,
    ['usage:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/usage/top-names',
      summary: 'The most asked names of a UTC day, and the names that got NXDOMAIN',
      description: `Up to ${TOP_NAMES_LISTED} names each, most queries first, from a bounded top-k sketch of the day: \`queries\` may over-count a name by at most \`error\` (0: exact), and a name asked more than 1/64 of the day's queries is never missing. Days are kept 35 days.`,
      middleware: [loadZone(db)],
      request: { params: zoneParams, query: topNamesQuery },
      responses: { 200: json(topNamesResponse, 'Top names of the day'), ...commonErrors },
    }),
    async (c) => {
      const zone = c.get('zone');
      const today = utcDay(Date.now());
      const date = c.req.valid('query').date ?? today;
      if (date > today)
        throw fail.badRequest(
          'invalid_request',
          `date ${date} is in the future; the last day counted is today, ${today} (UTC)`,
          { field: 'date' },
        );
      await r.deps.usage?.gather();
      const top = await (r.deps.usage?.topNames ?? stored).read(zone.id, date);
      return c.json(
        success({ date, asked: listed(top.asked), nxdomain: listed(top.nxdomain) }),
        200,
      );
    },
  );
}
