// /v1/zones and /v1/zones/{zone_id}.
import { createRoute, z } from '@hono/zod-openapi';
import {
  createZoneInput,
  listZonesQuery,
  success,
  updateZoneInput,
  zoneDeleteResponse,
  zoneListResponse,
  zoneCreatedResponse,
  zoneNameNeedle,
  zoneResponse,
} from '../../../shared/api';
import { errorBodySchema } from '../../../shared/api/common';
import { IMPORT_MAX_BYTES } from '../../../shared/api/zone-file';
import { getCustomer } from '../../store/customers';
import { zoneRecordCount } from '../../store/record-limits';
import {
  createZone,
  getZone,
  listZones,
  markZoneDeleted,
  updateZone,
  type ZoneRow,
} from '../../store/zones';
import { publicSuffixProblem } from '../../../shared/dns/public-suffix';
import { actingStore } from '../acting';
import { fail } from '../errors';
import { loadZone } from '../loaders';
import { nameserversFor } from '../../zones/nameservers';
import { pageOf, presentZone, presentZoneListItem } from '../present';
import { commonErrors, json, jsonBody, register, type Registrar } from '../registrar';
import { createRefusal, refuseFixedFieldChanges } from './zone-refusals';
import { answeredBy, importFailure, zoneFileFill } from './zone-import';

const zoneParams = z.object({ zone_id: z.string().meta({ example: 'zone_k3j9x2m1q8w7e5r4' }) });
const conflict = json(
  errorBodySchema,
  'The name is hosted already (zone_already_exists), or lies inside or around a zone of another account (zone_name_conflict)',
);
const forbidden = json(
  errorBodySchema,
  'The key lacks a scope (insufficient_scope: `error.details.missing` lists those it lacks, `error.details.required` all this action needs), or the account has as many zones as its quota allows (quota_exceeded)',
);

export function registerZoneRoutes(r: Registrar) {
  const { store, config } = r.deps;
  const { db } = store;
  const withZone = [loadZone(db)];
  /** A zone as GET, PUT and POST answer it: with its nameservers and record count. */
  const zoneAnswer = async (row: ZoneRow, count?: number) =>
    success(
      presentZone(
        row,
        nameserversFor(config, row.region),
        count ?? (await zoneRecordCount(db, row.id)),
      ),
    );

  register(
    r,
    ['zones:write'],
    createRoute({
      method: 'post',
      path: '/v1/zones',
      summary: 'Create a zone',
      request: jsonBody(createZoneInput),
      responses: {
        201: json(
          zoneCreatedResponse,
          'The new zone; with zone_file, also what was taken of the file (lines skipped and why, warnings)',
        ),
        ...commonErrors,
        403: forbidden,
        409: conflict,
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const principal = c.get('principal');
      const suffix = publicSuffixProblem(input.name);
      if (suffix) throw fail.badRequest('invalid_zone_name', suffix, { field: 'name' });
      const catalog = config.DNS_CATALOG_ZONE;
      const name = input.name.toLowerCase().replace(/\.$/, '');
      if (catalog && (name === catalog || name.endsWith(`.${catalog}`))) {
        throw fail.badRequest(
          'invalid_zone_name',
          `${input.name} is the service's catalog zone (DNS_CATALOG_ZONE), which lists the zones for secondaries; choose another name.`,
          { field: 'name' },
        );
      }
      const customer = await getCustomer(db, principal.customerId);
      const ttl = input.ttl ?? 3600;
      if (input.exclude_lines !== undefined && input.zone_file === undefined) {
        throw fail.badRequest(
          'invalid_request',
          'exclude_lines names lines of zone_file, which this request does not send; send the zone file too, or leave exclude_lines out.',
          { field: 'exclude_lines' },
        );
      }
      const fromFile =
        input.zone_file === undefined
          ? undefined
          : await zoneFileFill(
              actingStore(store, c),
              principal.scopes,
              input.zone_file,
              { name: input.name, ttl, ...answeredBy(r, name) },
              { recordsPerZone: config.QUOTA_RECORDS_PER_ZONE },
              input.exclude_lines,
            );
      const fill = fromFile?.fill;
      const row = await createZone(
        actingStore(store, c),
        {
          customerId: principal.customerId,
          name: input.name,
          region: input.region ?? customer?.default_region ?? 'EU_GLOBAL',
          ttl,
          quota: config.QUOTA_ZONES,
        },
        fill,
      ).catch((e: unknown) => {
        throw importFailure(e) ?? createRefusal(e, input.name);
      });
      if (!fromFile) return c.json(await zoneAnswer(row, 0), 201);
      const filled = await getZone(db, principal.customerId, row.id);
      const answer = await zoneAnswer(filled ?? row);
      return c.json({ ...answer, data: { ...answer.data, zone_file: fromFile.summary } }, 201);
    },
    { maxBodyBytes: IMPORT_MAX_BYTES },
  );

  register(
    r,
    ['zones:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones',
      summary: 'List zones',
      request: { query: listZonesQuery },
      responses: {
        200: json(
          zoneListResponse,
          'One page of zones, sorted by name; with name, of the zones that match it',
        ),
        ...commonErrors,
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const name = q.name ? zoneNameNeedle(q.name) : undefined;
      const { rows, total } = await listZones(
        db,
        c.get('principal').customerId,
        q.limit,
        q.offset,
        name ? { name } : {},
      );
      const zones = rows.map(presentZoneListItem);
      return c.json(success({ zones, pagination: pageOf(q, total, zones.length) }), 200);
    },
  );

  register(
    r,
    ['zones:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}',
      summary: 'Get a zone',
      middleware: withZone,
      request: { params: zoneParams },
      responses: {
        200: json(zoneResponse, 'The zone with its nameservers, DNSSEC state and record count'),
        ...commonErrors,
      },
    }),
    async (c) => c.json(await zoneAnswer(c.get('zone')), 200),
  );

  register(
    r,
    ['zones:write'],
    createRoute({
      method: 'put',
      path: '/v1/zones/{zone_id}',
      summary: 'Update a zone (default TTL, status)',
      middleware: withZone,
      request: { params: zoneParams, ...jsonBody(updateZoneInput) },
      responses: { 200: json(zoneResponse, 'The zone as it now is'), ...commonErrors },
    }),
    async (c) => {
      const zone = c.get('zone');
      const input = c.req.valid('json');
      refuseFixedFieldChanges(zone, input);
      const next = await updateZone(actingStore(store, c), zone, {
        ttl: input.ttl,
        status: input.status,
      });
      return c.json(await zoneAnswer(next), 200);
    },
  );

  register(
    r,
    ['zones:write'],
    createRoute({
      method: 'delete',
      path: '/v1/zones/{zone_id}',
      summary: 'Delete a zone (asynchronous, irreversible)',
      middleware: withZone,
      request: { params: zoneParams },
      responses: { 202: json(zoneDeleteResponse, 'Deletion started'), ...commonErrors },
    }),
    async (c) => {
      const zone = c.get('zone');
      await markZoneDeleted(store, zone.id);
      r.deps.purger.kick();
      const message = `Deletion of zone ${zone.name} started; it no longer answers and its records are being removed.`;
      return c.json(success({ message }), 202);
    },
  );
}

export { zoneParams };
