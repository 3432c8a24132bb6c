// GET /v1/zones/{zone_id}/secondaries: where the zone has arrived; POST …/secondaries/notify:
// tell every secondary now (the button for a secondary that missed a NOTIFY while down).
import { createRoute } from '@hono/zod-openapi';
import { success } from '../../../shared/api/common';
import { notifySentResponse, secondariesResponse } from '../../../shared/api/secondaries';
import type { Transfers } from '../../dns/transfer/setup';
import { ApiFailure } from '../errors';
import { loadZone } from '../loaders';
import { commonErrors, json, register, type Registrar } from '../registrar';
import { zoneParams } from './zones';

/** The zone is in the database but not served (disabled zones are, withheld ones are not). */
const notServed = () =>
  new ApiFailure(
    409,
    'zone_not_served',
    'The DNS server does not serve this zone (it overlaps an older zone of another account), so no secondary can take it.',
  );

export function registerSecondariesRoutes(r: Registrar, transfers: Transfers) {
  const { db } = r.deps.store;
  register(
    r,
    ['zones:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/secondaries',
      summary: 'Where the zone has arrived: the serial each secondary serves now',
      description:
        'The secondaries are the operator’s DNS_NOTIFY targets. Each is asked for the zone’s SOA when the request comes (TSIG-signed when its NOTIFY is), at most about 1 s. Arrival times come from the service’s memory since it started: these queries, and those it makes by itself after a secondary acknowledges a NOTIFY.',
      middleware: [loadZone(db)],
      request: { params: zoneParams },
      responses: { 200: json(secondariesResponse, 'Each secondary’s state'), ...commonErrors },
    }),
    async (c) => {
      const zone = c.get('zone');
      const status = await transfers.propagation(zone.id);
      if (!status) throw notServed();
      return c.json(success({ zone_id: zone.id, ...status }), 200);
    },
  );
  register(
    r,
    ['zones:write'],
    createRoute({
      method: 'post',
      path: '/v1/zones/{zone_id}/secondaries/notify',
      summary: 'Send NOTIFY for the zone to every secondary now',
      middleware: [loadZone(db)],
      request: { params: zoneParams },
      responses: {
        202: json(notifySentResponse, 'NOTIFY sent (retried until acknowledged)'),
        ...commonErrors,
      },
    }),
    (c) => {
      const zone = c.get('zone');
      const sent = transfers.notifyNow(zone.id);
      if (!sent) throw notServed();
      return c.json(success({ zone_id: zone.id, ...sent }), 202);
    },
  );
}
