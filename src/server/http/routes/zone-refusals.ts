// The zone writes' refusals: what the store refused, and the fields a zone update may not change.
import type { UpdateZoneInput } from '../../../shared/api/zones';
import { ZoneNameTaken, ZoneOverlaps, ZoneQuotaReached, type ZoneRow } from '../../store/zones';
import { ApiFailure, fail } from '../errors';

/** The answer to a create the store refused; other errors pass through unchanged. */
export function createRefusal(e: unknown, name: string): unknown {
  if (e instanceof ZoneNameTaken) {
    return new ApiFailure(
      409,
      'zone_already_exists',
      `The zone ${name} is already hosted here; pick another name or delete the existing zone first.`,
      { field: 'name' },
    );
  }
  if (e instanceof ZoneOverlaps) {
    const other = e.overlap.name;
    const message =
      e.overlap.relation === 'ancestor'
        ? `The zone ${name} lies inside ${other}, which another account hosts here; only that account can create zones below it. If that account is yours too, create ${name} from it; otherwise ${other} has to be deleted first.`
        : `The zone ${name} would contain ${other}, which another account hosts here; a zone cannot take in names that belong to another account. Create a zone below ${name} that does not contain ${other}, or ask that account to delete it.`;
    return new ApiFailure(409, 'zone_name_conflict', message, {
      field: 'name',
      conflicting_zone: other,
      relation: e.overlap.relation,
    });
  }
  if (e instanceof ZoneQuotaReached) {
    return new ApiFailure(
      403,
      'quota_exceeded',
      `This account already has ${e.used} zones, its quota; delete zones it no longer needs, or ask the operator to raise QUOTA_ZONES.`,
      { quota: 'zones_per_customer', limit: e.limit, used: e.used },
    );
  }
  return e;
}

/**
 * name, type and region are fixed once a zone exists. Clients that send the whole zone back
 * send them unchanged, which is accepted; any other value is refused rather than ignored.
 */
export function refuseFixedFieldChanges(
  zone: ZoneRow,
  input: Pick<UpdateZoneInput, 'name' | 'type' | 'region' | 'dnssec_enabled' | 'settings'>,
): void {
  const asked = [input.dnssec_enabled, input.settings?.dnssec_enabled];
  const dnssec = asked.find((v) => v !== undefined && v !== Boolean(zone.dnssec_enabled));
  if (dnssec !== undefined) {
    throw fail.badRequest(
      'invalid_request',
      `DNSSEC is turned ${dnssec ? 'on' : 'off'} with PATCH /v1/zones/{zone_id}/dnssec/status and {"enabled": ${dnssec}}, not here (this zone's is ${zone.dnssec_enabled ? 'on' : 'off'}); leave dnssec_enabled out.`,
      { field: 'dnssec_enabled' },
    );
  }
  if (input.name !== undefined && input.name.toLowerCase().replace(/\.$/, '') !== zone.name) {
    throw fail.badRequest(
      'invalid_request',
      `A zone cannot be renamed (this one is ${zone.name}); create a new zone with the new name instead.`,
      { field: 'name' },
    );
  }
  if (input.type !== undefined && !['primary', 'master'].includes(input.type.toLowerCase())) {
    throw fail.badRequest(
      'invalid_request',
      `Type "${input.type}" is not possible: zones here are primary ("master" means the same); leave "type" out or send "primary".`,
      { field: 'type' },
    );
  }
  if (input.region !== undefined && input.region !== zone.region) {
    throw fail.badRequest(
      'invalid_request',
      `A zone's region cannot be changed (this one is ${zone.region}); leave "region" out, or create a new zone in ${input.region} and move the records.`,
      { field: 'region' },
    );
  }
}
