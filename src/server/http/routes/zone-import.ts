// POST /v1/zones/{zone_id}/import: a zone file merged into the zone or replacing its records,
// previewed with dry_run, applied as one change of the journal.
import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema, success } from '../../../shared/api/common';
import {
  IMPORT_MAX_BYTES,
  importInput,
  importResponse,
  LARGE_DELETE_SHARE,
  type ZoneFileSummary,
} from '../../../shared/api/zone-file';
import type { Store } from '../../store/db';
import type { Trx } from '../../store/group-commit';
import type { RecordLimits } from '../../store/record-limits';
import type { ZoneToFill } from '../../store/import-plan';
import { OPERATOR } from '../../store/journal';
import {
  importPlan,
  importZoneFile,
  LargeDeleteUnconfirmed,
  readZoneFile,
  ZoneFileInvalid,
} from '../../store/zone-import';
import type { ZoneRow } from '../../store/zones';
import { actingStore } from '../acting';
import { ApiFailure } from '../errors';
import { loadZone } from '../loaders';
import { refusalFailure } from '../record-input';
import { commonErrors, json, jsonBody, register, type Registrar } from '../registrar';
import { zoneParams } from './zones';

/** What the API answers for an import it refuses (also for a zone created from a file). */
export function importFailure(e: unknown): ApiFailure | undefined {
  if (e instanceof ZoneFileInvalid) {
    const n = e.errors.length;
    const first = e.errors[0];
    const where = first ? ` (the first on line ${first.line}: ${first.message})` : '';
    return new ApiFailure(
      400,
      'zone_file_invalid',
      `The zone file has ${n} error${n === 1 ? '' : 's'}${where}. Fix ${n === 1 ? 'it' : 'them'}, or list the lines in exclude_lines to leave them out.`,
      { errors: e.errors },
    );
  }
  if (e instanceof LargeDeleteUnconfirmed) {
    const share = e.removed / e.total;
    return new ApiFailure(
      409,
      'large_delete_unconfirmed',
      `This replace would remove ${e.removed} of the zone's ${e.total} RRsets (${Math.round(share * 100)} %), more than ${LARGE_DELETE_SHARE * 100} %. Check the dry run's diff, then send "confirm_large_delete": true, or import in merge mode.`,
      { removed: e.removed, total: e.total, share },
    );
  }
  return refusalFailure(e);
}

/**
 * A new zone's import of its zone file, for createZone to run in its own write: the file is read
 * first, so an error refuses the creation before anything is written; a rule the file breaks
 * (a CNAME beside other types...) or the quota refuses it inside the write, and nothing stays.
 */
export async function zoneFileFill(
  store: Store,
  scopes: ReadonlySet<string>,
  text: string,
  zone: ZoneToFill,
  limits: RecordLimits,
  excludeLines: readonly number[] = [],
) {
  if (!scopes.has('records:write')) {
    throw new ApiFailure(
      403,
      'insufficient_scope',
      'Creating a zone from a zone file writes records: this API key lacks the scope records:write; leave zone_file out, or use a key with zones:write and records:write.',
      { required: ['zones:write', 'records:write'], missing: ['records:write'] },
    );
  }
  const plan = await readZoneFile(text, zone, excludeLines);
  if (plan.errors.length) throw importFailure(new ZoneFileInvalid(plan.errors));
  const summary: ZoneFileSummary = {
    records_read: plan.recordsRead,
    skipped: plan.skipped,
    warnings: plan.warnings,
  };
  const fill = async (trx: Trx, row: ZoneRow) => {
    const opts = {
      mode: 'merge',
      dryRun: false,
      excludeLines,
      confirmLargeDelete: false,
      limits,
    } as const;
    await importPlan(trx, row, plan, opts, store.actor ?? OPERATOR);
  };
  return { fill, summary };
}

/** The zones hosted below `zoneName` that answer names of its file (ADR 0030), if known. */
export function answeredBy(r: Registrar, zoneName: string): Pick<ZoneToFill, 'answeredBy'> {
  const answering = r.deps.zoneAnswering;
  return answering ? { answeredBy: (fqdn) => answering(zoneName, fqdn) } : {};
}

export function registerZoneImportRoute(r: Registrar) {
  const { store } = r.deps;
  const limits = { recordsPerZone: r.deps.config.QUOTA_RECORDS_PER_ZONE };
  register(
    r,
    ['zones:read', 'records:write'],
    createRoute({
      method: 'post',
      path: '/v1/zones/{zone_id}/import',
      summary: 'Import a zone file (merge or replace; dry_run previews the diff)',
      description:
        'merge (the default): the RRsets of the file replace the RRsets of the same name and type; the others stay. replace: the zone ends up holding exactly the RRsets of the file. The SOA and the apex NS are the service’s own and are not imported; DNSSEC records, types outside the 14, names outside the zone, names another zone of the account hosted here answers for (other_zone: they go into that zone) and $INCLUDE/$GENERATE are listed as skipped with their line. The answer is the diff per RRset; applied, it is one change of the journal (kind "import"), which POST …/changes/{change_id}/revert undoes.',
      middleware: [loadZone(store.db)],
      request: { params: zoneParams, ...jsonBody(importInput) },
      responses: {
        200: json(importResponse, 'What the import did (or, with dry_run, would do)'),
        ...commonErrors,
        400: json(
          errorBodySchema,
          'zone_file_invalid: details.errors lists each error by line (fix it, or list the line in exclude_lines); or an invalid body',
        ),
        403: json(errorBodySchema, 'insufficient_scope, or quota_exceeded'),
        409: json(
          errorBodySchema,
          `large_delete_unconfirmed: a replace removing more than ${LARGE_DELETE_SHARE * 100} % of the zone's RRsets needs "confirm_large_delete": true`,
        ),
      },
    }),
    async (c) => {
      const zone = c.get('zone');
      const body = c.req.valid('json');
      try {
        const result = await importZoneFile(actingStore(store, c), zone, body.zone_file, {
          mode: body.mode ?? 'merge',
          dryRun: body.dry_run ?? false,
          excludeLines: body.exclude_lines ?? [],
          confirmLargeDelete: body.confirm_large_delete ?? false,
          limits,
          ...answeredBy(r, zone.name),
        });
        return c.json(success(result), 200);
      } catch (e) {
        throw importFailure(e) ?? e;
      }
    },
    { maxBodyBytes: IMPORT_MAX_BYTES },
  );
}
