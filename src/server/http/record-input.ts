// Record checks that need the zone: name resolution and the apex rules.
import { normalizeRecordName } from '../../shared/dns/names';
import { parseRecordType, type RecordType } from '../../shared/dns/records';
import type { ZoneRow } from '../store/zones';
import { RecordLimitError } from '../store/record-limits';
import type { Context } from 'hono';
import { parseIfMatch, recordVersion, type VersionedRecord } from '../../shared/api/versions';
import { RecordConflict } from '../store/record-writes';
import { RecordGone, StaleWrite, type Expected } from '../store/record-expect';
import { ApiFailure, fail } from './errors';

/** What a write to existing records expects, from the request's If-Match (ADR 0028). */
export function expectedOf(c: Context, scope: Expected['scope']): Expected {
  const header = c.req.header('If-Match');
  const ifMatch = parseIfMatch(header);
  if (header !== undefined && (ifMatch === undefined || !ifMatch.length)) {
    throw fail.badRequest(
      'invalid_request',
      `If-Match "${header}" holds no entity tag; send the record's ETag (such as "5f0c2a9e81d34b77"), or * for any version, or leave the header out.`,
      { field: 'If-Match' },
    );
  }
  return { ifMatch, scope };
}

/**
 * The answer's ETag, the version of the record it shows, and Content-Location, the record's URL
 * (a new content gives a new id: the version belongs to that URL, not the one written to).
 * Returns that URL.
 */
export function tagRecord(
  c: Context,
  zoneId: string,
  record: Omit<VersionedRecord, 'disabled'> & { id: string; disabled: number | boolean },
) {
  const url = `/v1/zones/${zoneId}/records/${record.id}`;
  c.header('ETag', recordVersion({ ...record, disabled: Boolean(record.disabled) }));
  c.header('Content-Location', url);
  return url;
}

export function resolveName(zone: ZoneRow, name: string, type: string): string {
  const r = normalizeRecordName(name, zone.name);
  if (!r.ok) throw fail.badRequest('invalid_record_name', r.message, { field: 'name' });
  if (type === 'NS' && r.value.relative === '@') {
    throw fail.badRequest(
      'invalid_record_name',
      'The NS records at the zone apex are managed by the service (they list the assigned nameservers); add NS records below the apex to delegate a subdomain.',
      { field: 'name' },
    );
  }
  return r.value.fqdn;
}

/**
 * A record the zone would never answer for: `name` lies in another zone hosted here below it
 * (ADR 0030), which answers for it. NS records at that zone's own name (the delegation) and
 * addresses (glue) are the parent's to hold; anything else is refused, saying where it goes.
 */
export function refuseInHostedChild(
  answering: ((zoneName: string, name: string) => string | undefined) | undefined,
  zone: ZoneRow,
  name: string,
  type: string,
): void {
  if (!answering || type === 'A' || type === 'AAAA') return;
  const child = answering(zone.name, name);
  if (!child) return;
  // The delegation to a child (NS at its name) is its nearest hosted parent's to hold: this
  // zone's, unless another zone lies between.
  const holder =
    type === 'NS' && name === `${child}.`
      ? answering(zone.name, child.slice(child.indexOf('.') + 1))
      : child;
  if (!holder) return;
  throw new ApiFailure(
    409,
    'delegation_conflict',
    `${holder} is a zone of its own here, and it answers for ${name.replace(/\.$/, '')}, not ${zone.name}: add this ${type} record to ${holder} instead.`,
    { field: 'name', zone: holder },
  );
}

export function resolveType(type: string): RecordType {
  const t = parseRecordType(type);
  if (!t)
    throw fail.badRequest(
      'invalid_record_type',
      `Type "${type}" is not supported; use one of A, AAAA, CNAME, MX, TXT, NS, SRV, PTR, CAA, TLSA, SSHFP, HTTPS, SVCB, ALIAS.`,
      { field: 'type' },
    );
  return t;
}

/** Runs a store write, turning refused writes into their answers (409, 400 or 403 for limits). */
export async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    throw refusalFailure(e) ?? e;
  }
}

/** The answer to a write the domain rules or the limits refused; undefined for other errors. */
export function refusalFailure(
  e: unknown,
  extra?: Record<string, unknown>,
): ApiFailure | undefined {
  if (e instanceof RecordConflict) {
    return new ApiFailure(409, e.code, e.message, {
      field:
        e.code === 'cname_conflict'
          ? 'type'
          : e.code === 'delegation_conflict'
            ? 'name'
            : 'content',
      ...e.details,
      ...extra,
    });
  }
  if (e instanceof StaleWrite) {
    return new ApiFailure(412, 'precondition_failed', e.message, {
      version: e.version,
      records: e.current,
      ...extra,
    });
  }
  if (e instanceof RecordGone) return new ApiFailure(404, 'record_not_found', e.message, extra);
  if (e instanceof RecordLimitError)
    return new ApiFailure(e.status, e.code, e.message, { ...e.details, ...extra });
  return undefined;
}
