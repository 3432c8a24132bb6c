// /v1/zones/{zone_id}/records and /records/{record_id}.
import { createRoute, z } from '@hono/zod-openapi';
import {
  createRecordInput,
  pagingQuery,
  recordDeleteResponse,
  recordListResponse,
  recordResponse,
  recordWriteResponse,
  updateRecordInput,
} from '../../../shared/api';
import { errorBodySchema } from '../../../shared/api/common';
import { createRecord, deleteRecords, listRecords, updateRecord } from '../../store/records';
import { fail } from '../errors';
import { loadRecord, loadZone } from '../loaders';
import { pagination, presentRecord } from '../present';
import { guarded, resolveName } from '../record-input';
import { commonErrors, json, jsonBody, register, type Registrar } from '../registrar';
import { zoneParams } from './zones';

const recordParams = zoneParams.extend({
  record_id: z.string().meta({ example: 'rec_3f2a9c0d1e4b5a6978877665' }),
});
const conflict = json(errorBodySchema, 'record_already_exists or cname_conflict');
const quota = json(
  errorBodySchema,
  'The key lacks a scope (insufficient_scope), or the zone already holds its quota of records (quota_exceeded)',
);

export function registerRecordRoutes(r: Registrar) {
  const { db, events } = r.deps;
  const { QUOTA_RECORDS_PER_ZONE } = r.deps.config;
  const withZone = [loadZone(db)];
  const withRecord = [loadZone(db), loadRecord(db)];
  const changed = (zoneId: string, row: { name: string; type: string }) =>
    events.emit({ kind: 'rrsets', zoneId, rrsets: [{ name: row.name, type: row.type }] });

  register(
    r,
    ['zones:read', 'records:write'],
    createRoute({
      method: 'post',
      path: '/v1/zones/{zone_id}/records',
      summary: 'Create a record (adds a value to its RRset)',
      middleware: withZone,
      request: { params: zoneParams, ...jsonBody(createRecordInput) },
      responses: {
        201: json(recordWriteResponse, 'The new record'),
        ...commonErrors,
        403: quota,
        409: conflict,
      },
    }),
    async (c) => {
      const zone = c.get('zone');
      const input = c.req.valid('json');
      const name = resolveName(zone, input.name, input.type);
      const row = await guarded(() =>
        createRecord(db, zone, { ...input, name }, { recordsPerZone: QUOTA_RECORDS_PER_ZONE }),
      );
      await changed(zone.id, row);
      return c.json(
        {
          status: 'success' as const,
          data: { message: `Created ${row.type} record ${row.name}`, record: presentRecord(row) },
        },
        201,
      );
    },
  );

  register(
    r,
    ['zones:read', 'records:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/records',
      summary: 'List records (sorted by name, type, content)',
      middleware: withZone,
      request: { params: zoneParams, query: pagingQuery(50) },
      responses: { 200: json(recordListResponse, 'One page of records'), ...commonErrors },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const limit = Math.min(q.limit ?? 50, 1000);
      const offset = q.offset ?? 0;
      const { rows, total } = await listRecords(db, c.get('zone').id, limit, offset);
      const records = rows.map(presentRecord);
      return c.json(
        {
          status: 'success' as const,
          data: { records, pagination: pagination(total, offset, limit, records.length) },
        },
        200,
      );
    },
  );

  register(
    r,
    ['zones:read', 'records:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/records/{record_id}',
      summary: 'Get a record',
      middleware: withRecord,
      request: { params: recordParams },
      responses: { 200: json(recordResponse, 'The record'), ...commonErrors },
    }),
    (c) =>
      c.json({ status: 'success' as const, data: { record: presentRecord(c.get('record')) } }, 200),
  );

  register(
    r,
    ['zones:read', 'records:write'],
    createRoute({
      method: 'put',
      path: '/v1/zones/{zone_id}/records/{record_id}',
      summary: 'Update a record by id (a new content gives a new id)',
      middleware: withRecord,
      request: { params: recordParams, ...jsonBody(updateRecordInput) },
      responses: {
        200: json(recordWriteResponse, 'The record as it now is'),
        ...commonErrors,
        409: conflict,
      },
    }),
    async (c) => {
      const zone = c.get('zone');
      const current = c.get('record');
      const input = c.req.valid('json');
      const name = resolveName(zone, input.name, input.type);
      if (name !== current.name || input.type !== current.type) {
        throw fail.badRequest(
          'record_mismatch',
          `Record ${current.id} is the ${current.type} record at ${current.name}; name and type must match it (to move a value, delete it and create a new record).`,
          {
            field: name !== current.name ? 'name' : 'type',
            name: current.name,
            type: current.type,
          },
        );
      }
      const row = await guarded(() => updateRecord(db, zone, current, { ...input, name }));
      await changed(zone.id, row);
      return c.json(
        {
          status: 'success' as const,
          data: { message: `Updated ${row.type} record ${row.name}`, record: presentRecord(row) },
        },
        200,
      );
    },
  );

  register(
    r,
    ['zones:read', 'records:write'],
    createRoute({
      method: 'delete',
      path: '/v1/zones/{zone_id}/records/{record_id}',
      summary: 'Delete a record by id',
      middleware: withRecord,
      request: { params: recordParams },
      responses: { 200: json(recordDeleteResponse, 'Deleted'), ...commonErrors },
    }),
    async (c) => {
      const zone = c.get('zone');
      const record = c.get('record');
      await deleteRecords(db, zone, [record]);
      await changed(zone.id, record);
      return c.json(
        {
          status: 'success' as const,
          data: { message: `Deleted ${record.type} record ${record.content} at ${record.name}` },
        },
        200,
      );
    },
  );
}

export { recordParams };
