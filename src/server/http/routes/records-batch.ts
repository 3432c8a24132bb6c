// POST /v1/zones/{zone_id}/records/batch: many record operations, all or nothing, one change.
import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import {
  BATCH_MAX_OPERATIONS,
  batchInput,
  batchResponse,
  type BatchOperation,
} from '../../../shared/api/changes';
import { errorBodySchema, success } from '../../../shared/api/common';
import { createRecordInput, updateRecordInput } from '../../../shared/api/records';
import { applyBatch, BatchRefused, type BatchOp } from '../../store/batch';
import { actingStore } from '../acting';
import { ApiFailure } from '../errors';
import { loadZone } from '../loaders';
import { presentRecord } from '../present';
import { refusalFailure, refuseInHostedChild, resolveName } from '../record-input';
import { commonErrors, json, jsonBody, register, type Registrar } from '../registrar';
import { BOUNDS, RECORD_FIELDS } from '../validation';
import type { ZoneRow } from '../../store/zones';
import { zoneParams } from './zones';

/** 10,000 operations of up to ~800 bytes each; every other route keeps the gate's 1 MiB. */
export const BATCH_MAX_BODY_BYTES = 8 * 1024 * 1024;

export function registerRecordBatchRoute(r: Registrar) {
  const { store } = r.deps;
  const limits = { recordsPerZone: r.deps.config.QUOTA_RECORDS_PER_ZONE };
  register(
    r,
    ['zones:read', 'records:write'],
    createRoute({
      method: 'post',
      path: '/v1/zones/{zone_id}/records/batch',
      summary: `Apply up to ${BATCH_MAX_OPERATIONS} record operations at once (all or nothing, one change)`,
      middleware: [loadZone(store.db)],
      request: { params: zoneParams, ...jsonBody(batchInput) },
      responses: {
        200: json(batchResponse, 'What the batch did (or, with dry_run, would do)'),
        ...commonErrors,
        400: json(
          errorBodySchema,
          'An invalid operation (details.index names it, details.field its field), or batch_too_large',
        ),
        403: json(
          errorBodySchema,
          'insufficient_scope, or quota_exceeded for the batch as a whole',
        ),
        404: json(
          errorBodySchema,
          'Zone not found, or record_not_found for an operation (details.index)',
        ),
        409: json(
          errorBodySchema,
          'record_already_exists, cname_conflict or delegation_conflict (details.index; details.zone when another zone hosted here answers for the name)',
        ),
        412: json(
          errorBodySchema,
          "precondition_failed: an operation's if_match is no longer the record's version (details.index, details.version, details.records); nothing was written",
        ),
      },
    }),
    async (c) => {
      const zone = c.get('zone');
      const body = c.req.valid('json');
      const n = body.operations.length;
      if (n > BATCH_MAX_OPERATIONS) {
        throw new ApiFailure(
          400,
          'batch_too_large',
          `This batch has ${n} operations; at most ${BATCH_MAX_OPERATIONS} are applied at once. Split it into several batches.`,
          { max_operations: BATCH_MAX_OPERATIONS, operations: n },
        );
      }
      if (n === 0) {
        throw new ApiFailure(
          400,
          'invalid_request',
          'operations is empty; send at least one operation.',
          {
            field: 'operations',
          },
        );
      }
      const ops = body.operations.map((o, i) => toOp(zone, o, i, r.deps.zoneAnswering));
      try {
        const result = await applyBatch(actingStore(store, c), zone, ops, {
          dryRun: body.dry_run ?? false,
          limits,
        });
        return c.json(success({ ...result, records: result.records.map(presentRecord) }), 200);
      } catch (e) {
        if (!(e instanceof BatchRefused)) throw e;
        throw refusedFailure(e);
      }
    },
    { maxBodyBytes: BATCH_MAX_BODY_BYTES },
  );
}

function refusedFailure(e: BatchRefused): ApiFailure {
  const where = e.index === null ? {} : { index: e.index };
  const prefix = e.index === null ? '' : `operations[${e.index}]: `;
  const known = refusalFailure(e.refusal, where);
  if (known) return new ApiFailure(known.status, known.code, prefix + known.message, known.details);
  const r = e.refusal as {
    status: 400 | 404;
    code: 'record_not_found' | 'record_mismatch';
    message: string;
    details?: Record<string, unknown>;
  };
  return new ApiFailure(r.status, r.code, prefix + r.message, { ...r.details, ...where });
}

/** One operation checked as its single-record route checks its body. */
function toOp(
  zone: ZoneRow,
  o: BatchOperation,
  index: number,
  zoneAnswering?: (zoneName: string, name: string) => string | undefined,
): BatchOp {
  if (o.op === 'create' && o.if_match !== undefined) {
    throw new ApiFailure(
      400,
      'invalid_request',
      `operations[${index}]: if_match applies to update and delete: a record being created has no version yet.`,
      { index, field: 'if_match' },
    );
  }
  if (o.op === 'delete') return { op: 'delete', id: o.id, ifMatch: o.if_match };
  const ifMatch = o.op === 'update' ? o.if_match : undefined;
  const { op, ...fields } = o;
  if ('if_match' in fields) delete fields.if_match;
  const parsed = (op === 'create' ? createRecordInput : updateRecordInput).safeParse(fields);
  if (!parsed.success) throw inputFailure(parsed.error, fields, index);
  let name: string;
  try {
    name = resolveName(zone, parsed.data.name, parsed.data.type);
    if (op === 'create') refuseInHostedChild(zoneAnswering, zone, name, parsed.data.type);
  } catch (e) {
    if (!(e instanceof ApiFailure)) throw e;
    throw new ApiFailure(e.status, e.code, `operations[${index}]: ${e.message}`, {
      ...e.details,
      index,
    });
  }
  const write = { ...parsed.data, name };
  return o.op === 'create' ? { op: 'create', write } : { op: 'update', id: o.id, write, ifMatch };
}

function inputFailure(error: z.ZodError, fields: Record<string, unknown>, index: number) {
  const issue = error.issues[0]!;
  const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
  if (field && fields[field] === undefined) {
    return new ApiFailure(
      400,
      'invalid_request',
      `operations[${index}]: the field "${field}" is required.`,
      {
        index,
        field,
      },
    );
  }
  const params = (issue as { params?: { details?: object } }).params;
  return new ApiFailure(
    400,
    (field && RECORD_FIELDS[field]) || 'invalid_request',
    `operations[${index}]: ${issue.message}`,
    { index, ...(field ? { field, ...(BOUNDS[field] ?? {}) } : {}), ...params?.details },
  );
}
