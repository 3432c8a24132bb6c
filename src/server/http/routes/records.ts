// /v1/zones/{zone_id}/records and /records/{record_id}.
import { createRoute, z } from '@hono/zod-openapi';
import {
  createRecordInput,
  recordDeleteResponse,
  recordListQuery,
  recordListResponse,
  recordResponse,
  recordWriteResponse,
  success,
  updateRecordInput,
} from '../../../shared/api';
import { errorBodySchema } from '../../../shared/api/common';
import { rrsetVersion } from '../../../shared/api/versions';
import { createRecord, deleteRecords, updateRecord } from '../../store/record-writes';
import { listRecords } from '../../store/records';
import { zoneCacheOf } from '../../store/zone-cache';
import { actingStore } from '../acting';
import { fail } from '../errors';
import { loadRecord, loadZone } from '../loaders';
import { pageOf, presentRecord, recordWritten } from '../present';
import {
  expectedOf,
  guarded,
  refuseInHostedChild,
  resolveName,
  resolveType,
  tagRecord,
} from '../record-input';
import {
  commonErrors,
  ifMatchHeaders,
  json,
  jsonBody,
  register,
  staleWrite,
  type Registrar,
} from '../registrar';
import { zoneParams } from './zones';

const recordParams = zoneParams.extend({
  record_id: z.string().meta({ example: 'rec_3f2a9c0d1e4b5a6978877665' }),
});
const conflict = json(
  errorBodySchema,
  'record_already_exists, cname_conflict, or delegation_conflict (a delegation would hide the record, or another zone hosted here answers for its name: details.zone)',
);
const quota = json(
  errorBodySchema,
  'The key lacks a scope (insufficient_scope), or the zone already holds its quota of records (quota_exceeded)',
);

export function registerRecordRoutes(r: Registrar) {
  const { store } = r.deps;
  const { db } = store;
  const { QUOTA_RECORDS_PER_ZONE } = r.deps.config;
  const withZone = [loadZone(db)];
  // A create's zone may come from memory (PostgreSQL, zone-cache.ts).
  const withKeptZone = [loadZone(db, zoneCacheOf(store))];
  const withRecord = [loadZone(db), loadRecord(db)];

  register(
    r,
    ['zones:read', 'records:write'],
    createRoute({
      method: 'post',
      path: '/v1/zones/{zone_id}/records',
      summary: 'Create a record (adds a value to its RRset)',
      middleware: withKeptZone,
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
      refuseInHostedChild(r.deps.zoneAnswering, zone, name, input.type);
      const row = await guarded(() =>
        createRecord(
          actingStore(store, c),
          zone,
          { ...input, name },
          { recordsPerZone: QUOTA_RECORDS_PER_ZONE },
        ),
      );
      c.header('Location', tagRecord(c, zone.id, row));
      return c.json(success(recordWritten('Created', row)), 201);
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
      request: { params: zoneParams, query: recordListQuery },
      responses: {
        200: json(
          recordListResponse,
          "One page of records; filtered by name and type to one whole RRset, its version in ETag (for If-Match on the RRset's DELETE by name)",
        ),
        ...commonErrors,
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const zone = c.get('zone');
      // A filter is checked as the writes check a name and a type: a typo is a 400, not an
      // empty page, nor (as when these were ignored) every record of the zone.
      const type = q.type === undefined ? undefined : resolveType(q.type);
      // Resolved as any name (the apex NS rule is for writes: listing them finds none stored).
      const name = q.name === undefined ? undefined : resolveName(zone, q.name, 'A');
      const { rows, total } = await listRecords(db, zone.id, q.limit, q.offset, {
        ...(name === undefined ? {} : { name }),
        ...(type === undefined ? {} : { type }),
      });
      const records = rows.map(presentRecord);
      // One whole RRset (a name and a type, every value on this page): its version, which a
      // DELETE of the RRset by name takes in If-Match.
      if (
        name !== undefined &&
        type !== undefined &&
        total > 0 &&
        q.offset === 0 &&
        total === records.length
      )
        c.header('ETag', rrsetVersion(records));
      return c.json(success({ records, pagination: pageOf(q, total, records.length) }), 200);
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
      responses: {
        200: json(recordResponse, 'The record (its version in ETag, for If-Match)'),
        ...commonErrors,
      },
    }),
    (c) => {
      const record = c.get('record');
      tagRecord(c, c.get('zone').id, record);
      return c.json(success({ record: presentRecord(record) }), 200);
    },
  );

  register(
    r,
    ['zones:read', 'records:write'],
    createRoute({
      method: 'put',
      path: '/v1/zones/{zone_id}/records/{record_id}',
      summary: 'Update a record by id (a new content gives a new id)',
      middleware: withRecord,
      request: { params: recordParams, headers: ifMatchHeaders, ...jsonBody(updateRecordInput) },
      responses: {
        200: json(recordWriteResponse, 'The record as it now is (its version in ETag)'),
        ...commonErrors,
        409: conflict,
        412: staleWrite,
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
      const row = await guarded(() =>
        updateRecord(
          actingStore(store, c),
          zone,
          current,
          { ...input, name },
          expectedOf(c, 'record'),
        ),
      );
      tagRecord(c, zone.id, row);
      return c.json(success(recordWritten('Updated', row)), 200);
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
      request: { params: recordParams, headers: ifMatchHeaders },
      responses: { 200: json(recordDeleteResponse, 'Deleted'), ...commonErrors, 412: staleWrite },
    }),
    async (c) => {
      const zone = c.get('zone');
      const record = c.get('record');
      await guarded(() =>
        deleteRecords(actingStore(store, c), zone, [record], expectedOf(c, 'record')),
      );
      const message = `Deleted ${record.type} record ${record.content} at ${record.name}`;
      return c.json(success({ message }), 200);
    },
  );
}

export { recordParams };
