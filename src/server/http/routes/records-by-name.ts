// /v1/zones/{zone_id}/records/by-name/{name}/{type}: update or delete by name and type,
// one value chosen with ?content=, or (delete only) the whole RRset.
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  recordDeleteResponse,
  recordWriteResponse,
  success,
  updateRecordByNameInput,
} from '../../../shared/api';
import { errorBodySchema } from '../../../shared/api/common';
import { normalizeContent } from '../../../shared/dns/records';
import { sameValue } from '../../../shared/dns/zone-file';
import type { Db } from '../../store/db';
import { deleteRecords, updateRecord } from '../../store/record-writes';
import { getRRset } from '../../store/records';
import type { AppEnv } from '../context';
import { actingStore } from '../acting';
import { fail } from '../errors';
import { loadZone } from '../loaders';
import { recordWritten } from '../present';
import { expectedOf, guarded, resolveName, resolveType, tagRecord } from '../record-input';
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

const byNameParams = zoneParams.extend({
  name: z
    .string()
    .meta({ description: '`@`, a relative name or an absolute name, URL-encoded', example: 'www' }),
  type: z.string().meta({ example: 'A' }),
});
const contentQuery = z.object({
  content: z.string().optional().meta({ description: 'Selects one value of a multi-value RRset' }),
});

/** Finds the RRset (and the value `content=` selects) before the body is validated. */
function loadRRset(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const zone = c.get('zone');
    const type = resolveType(c.req.param('type') ?? '');
    const name = resolveName(zone, c.req.param('name') ?? '', type);
    const rrset = await getRRset(db, zone.id, name, type);
    if (!rrset.length)
      throw fail.notFound(
        'record_not_found',
        `There is no ${type} record at ${name} (the name and type of the path).`,
      );
    const wanted = c.req.query('content');
    let selected = rrset;
    if (wanted !== undefined) {
      const canonical = normalizeContent(type, wanted);
      const key = canonical.ok ? canonical.value : wanted.trim();
      // The value as written, else any spelling of it (two may be stored from before).
      selected = rrset.filter((row) => row.content === key);
      if (!selected.length) selected = rrset.filter((row) => sameValue(type, row.content, key));
      if (!selected.length) {
        throw fail.notFound(
          'record_not_found',
          `The ${type} records at ${name} have no value "${wanted}"; its values are: ${rrset.map((x) => x.content).join(', ')}.`,
        );
      }
    }
    c.set('rrset', rrset);
    c.set('selected', selected);
    await next();
  };
}

export function registerRecordByNameRoutes(r: Registrar) {
  const { store } = r.deps;
  const { db } = store;
  const middleware = [loadZone(db), loadRRset(db)];
  const conflict = json(errorBodySchema, 'record_already_exists');

  register(
    r,
    ['zones:read', 'records:write'],
    createRoute({
      method: 'put',
      path: '/v1/zones/{zone_id}/records/by-name/{name}/{type}',
      summary: 'Update a record by name and type',
      description:
        'For an RRset with several values, `content=` selects the one to update; without it the answer is 400 ambiguous_record.',
      middleware,
      request: {
        params: byNameParams,
        query: contentQuery,
        headers: ifMatchHeaders,
        ...jsonBody(updateRecordByNameInput),
      },
      responses: {
        200: json(recordWriteResponse, 'The record as it now is (its version in ETag)'),
        ...commonErrors,
        409: conflict,
        412: staleWrite,
      },
    }),
    async (c) => {
      const zone = c.get('zone');
      const selected = c.get('selected');
      const first = selected[0]!;
      if (selected.length > 1) {
        throw fail.badRequest(
          'ambiguous_record',
          `${first.name} has ${selected.length} ${first.type} values; add ?content=<current value> to say which one to update.`,
          { field: 'content', values: selected.map((x) => x.content) },
        );
      }
      const { name: bodyName, type: bodyType, ...input } = c.req.valid('json');
      // A body that names another record than the path is a mistake, not a move: say so.
      const type = bodyType === undefined ? first.type : resolveType(bodyType);
      const name = bodyName === undefined ? first.name : resolveName(zone, bodyName, type);
      if (name !== first.name || type !== first.type) {
        throw fail.badRequest(
          'record_mismatch',
          `The path names the ${first.type} record at ${first.name}, the body ${type === first.type ? 'the name' : 'the type'} ${type === first.type ? name : type}; leave name and type out of the body, or make them match (to move a value, delete it and create a new record).`,
          { field: type === first.type ? 'name' : 'type', name: first.name, type: first.type },
        );
      }
      const content = normalizeContent(
        first.type as Parameters<typeof normalizeContent>[0],
        input.content,
      );
      if (!content.ok) {
        throw fail.badRequest('invalid_record_content', content.message, {
          field: 'content',
          ...(content.expected ? { expected: content.expected } : {}),
          ...content.details,
        });
      }
      const row = await guarded(() =>
        updateRecord(
          actingStore(store, c),
          zone,
          first,
          {
            ...input,
            name: first.name,
            type: first.type,
            content: content.value,
          },
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
      path: '/v1/zones/{zone_id}/records/by-name/{name}/{type}',
      summary: 'Delete one value (with content=) or the whole RRset',
      middleware,
      request: { params: byNameParams, query: contentQuery, headers: ifMatchHeaders },
      responses: {
        200: json(recordDeleteResponse, 'Deleted; `deleted` counts the values removed'),
        ...commonErrors,
        412: staleWrite,
      },
    }),
    async (c) => {
      const zone = c.get('zone');
      const selected = c.get('selected');
      const first = selected[0]!;
      // Without content= the whole RRset goes, and If-Match names the RRset's version.
      const scope = c.req.query('content') === undefined ? 'rrset' : 'record';
      const deleted = await guarded(() =>
        deleteRecords(actingStore(store, c), zone, selected, expectedOf(c, scope)),
      );
      const message = `Deleted ${deleted} ${first.type} value${deleted === 1 ? '' : 's'} at ${first.name}`;
      return c.json(success({ message, deleted }), 200);
    },
  );
}
