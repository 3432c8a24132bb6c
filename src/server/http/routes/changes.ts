// /v1/zones/{zone_id}/changes: the zone's history, one change's diff, and its revert.
import { createRoute, z } from '@hono/zod-openapi';
import {
  CHANGE_PAGE,
  changeDetailResponse,
  changeListResponse,
  revertInput,
  revertResponse,
} from '../../../shared/api/changes';
import { errorBodySchema, pagingQuery, success } from '../../../shared/api/common';
import { getChange, listChanges } from '../../store/change-reads';
import {
  ChangeConflict,
  ChangeNotFound,
  ChangeNotRevertible,
  revertChange,
} from '../../store/revert';
import { RRsetRefused } from '../../store/rrset-apply';
import { actingStore } from '../acting';
import { ApiFailure, fail } from '../errors';
import { loadZone } from '../loaders';
import { pageOf } from '../present';
import { refusalFailure } from '../record-input';
import { commonErrors, json, jsonBody, register, type Registrar } from '../registrar';
import { zoneParams } from './zones';

const changeParams = zoneParams.extend({
  change_id: z.string().meta({ example: 'chg_4k2m9x0q1w8e7r5t' }),
});

const notFound = (id: string) =>
  fail.notFound('change_not_found', `No change with id ${id} exists in this zone's history.`);

export function registerChangeRoutes(r: Registrar) {
  const { store } = r.deps;
  const { db } = store;
  const limits = { recordsPerZone: r.deps.config.QUOTA_RECORDS_PER_ZONE };
  const withZone = [loadZone(db)];

  register(
    r,
    ['zones:read', 'records:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/changes',
      summary: "List the zone's changes (newest first)",
      middleware: withZone,
      request: { params: zoneParams, query: pagingQuery(CHANGE_PAGE) },
      responses: { 200: json(changeListResponse, 'One page of the history'), ...commonErrors },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const { changes, total } = await listChanges(db, c.get('zone').id, q.limit, q.offset);
      return c.json(success({ changes, pagination: pageOf(q, total, changes.length) }), 200);
    },
  );

  register(
    r,
    ['zones:read', 'records:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/changes/{change_id}',
      summary: 'Get a change with its RRset diff',
      middleware: withZone,
      request: { params: changeParams },
      responses: { 200: json(changeDetailResponse, 'The change'), ...commonErrors },
    }),
    async (c) => {
      const { change_id } = c.req.valid('param');
      const change = await getChange(db, c.get('zone').id, change_id);
      if (!change) throw notFound(change_id);
      return c.json(success(change), 200);
    },
  );

  register(
    r,
    ['zones:read', 'records:write'],
    createRoute({
      method: 'post',
      path: '/v1/zones/{zone_id}/changes/{change_id}/revert',
      summary: 'Revert a change (applies its inverse as a new change)',
      middleware: withZone,
      request: { params: changeParams, ...jsonBody(revertInput) },
      responses: {
        200: json(revertResponse, 'What the revert did (or, with dry_run, would do)'),
        ...commonErrors,
        409: json(
          errorBodySchema,
          'change_conflict (an RRset it touches changed since; details.rrsets), change_not_revertible (a DNSSEC switch), or cname_conflict / record_already_exists on the state it would restore',
        ),
      },
    }),
    async (c) => {
      const { change_id } = c.req.valid('param');
      const input = c.req.valid('json');
      try {
        const result = await revertChange(actingStore(store, c), c.get('zone'), change_id, {
          dryRun: input.dry_run ?? false,
          force: input.force ?? false,
          limits,
        });
        return c.json(success(result), 200);
      } catch (e) {
        throw revertFailure(e, change_id);
      }
    },
  );
}

function notRevertibleMessage(id: string, e: ChangeNotRevertible): string {
  if (e.fields.includes('dnssec_ds_removal')) {
    return `Change ${id} asked the parent to remove the DS record, or withdrew that request: a revert does not undo it. Send {"ds_removal": true} or {"ds_removal": false} to PATCH /v1/zones/{zone_id}/dnssec/status, or use the DNSSEC tab.`;
  }
  if (e.fields.includes('dnssec_enabled')) {
    return `Change ${id} switched DNSSEC, which cannot be undone by a revert: switching back makes a new key and a new DS record. Use the DNSSEC setting of the zone instead.`;
  }
  return `Change ${id} created the zone; a revert does not undo that. Delete the zone instead (DELETE /v1/zones/{zone_id}).`;
}

function revertFailure(e: unknown, id: string): unknown {
  if (e instanceof ChangeNotFound) return notFound(id);
  if (e instanceof ChangeNotRevertible) {
    return new ApiFailure(409, 'change_not_revertible', notRevertibleMessage(id, e));
  }
  if (e instanceof ChangeConflict) {
    const names = e.conflicts.rrsets.map((d) => `${d.type} ${d.name}`);
    const fields = e.conflicts.settings.map((s) => `the zone's ${s.field}`);
    return new ApiFailure(
      409,
      'change_conflict',
      `Since change ${id}, ${[...names, ...fields].join(', ')} changed again; reverting would overwrite that. Review the current state, or send "force": true to revert anyway.`,
      {
        rrsets: e.conflicts.rrsets,
        ...(e.conflicts.settings.length ? { settings: e.conflicts.settings } : {}),
      },
    );
  }
  if (e instanceof RRsetRefused) {
    const [name, type] = e.key.split('\0');
    return refusalFailure(e.refusal, { name, type }) ?? e;
  }
  return refusalFailure(e) ?? e;
}
