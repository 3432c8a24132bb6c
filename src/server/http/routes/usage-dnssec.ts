// The DNSSEC routes of a zone (its usage route: usage.ts).
import { actingStore } from '../acting';
import { createRoute } from '@hono/zod-openapi';
import {
  cryptokeysResponse,
  dnssecPatchInput,
  dnssecStatusResponse,
  dsResponse,
  errorBodySchema,
  success,
} from '../../../shared/api';
import {
  cdsRdata,
  dnskeyRdata,
  dnskeyText,
  dnskeyTextOf,
  dsRecords,
  dsText,
} from '../../zones/dnssec-keys';
import type { Db } from '../../store/db';
import { hostedParent, type HostedParent } from '../../store/child-zones';
import { delegatedHere } from '../../zones/child-cut';
import { nameserversFor } from '../../zones/nameservers';
import { listKeys, removalFor, setDnssec, setDsRemoval } from '../../store/dnssec';
import { ApiFailure } from '../errors';
import type { ZoneRow } from '../../store/zones';
import { getZone } from '../../store/zones';
import { loadZone } from '../loaders';
import { commonErrors, json, jsonBody, register, type Registrar } from '../registrar';
import { zoneParams } from './zones';

const ALGORITHM_NAME = 'ECDSAP256SHA256';

async function status(db: Db, zone: ZoneRow) {
  const keys = await listKeys(db, zone.id);
  const enabled = Boolean(zone.dnssec_enabled);
  return {
    zone_id: zone.id,
    enabled,
    algorithm: enabled ? ALGORITHM_NAME : null,
    key_count: keys.length,
    ds_removal_requested_at: enabled
      ? removalFor(zone.dnssec_ds_removal_at, keys.find((k) => k.active)?.created_at)
      : null,
  };
}

type KeyRow = Awaited<ReturnType<typeof listKeys>>[number];

function cryptokey(zone: ZoneRow, k: KeyRow) {
  const pub = Buffer.from(k.public_key, 'base64');
  return {
    id: k.id,
    keytype: 'csk',
    active: Boolean(k.active),
    published: Boolean(k.published),
    algorithm: ALGORITHM_NAME,
    bits: 256,
    flags: k.flags,
    keytag: k.keytag,
    dnskey: dnskeyText(k.flags, k.algorithm, pub),
    ds: dsRecords(zone.name, k.flags, k.algorithm, pub),
  };
}

/** DS for the registrar, and the CDS and CDNSKEY the zone publishes (its first active key's, as
 * the DNS server loads it, view-store.ts loadKey; or the delete signal, while it asks for that). */
function dsBody(zone: ZoneRow, keys: KeyRow[], parent: HostedParent | null, nameservers: string[]) {
  const key = keys.find((k) => k.active);
  const removing = !!key && removalFor(zone.dnssec_ds_removal_at, key.created_at) !== null;
  const apex =
    key &&
    cdsRdata(
      zone.name,
      dnskeyRdata(key.flags, key.algorithm, Buffer.from(key.public_key, 'base64')),
      removing,
    );
  const here = parent ? !parent.delegatedAbove && delegatedHere(parent.ns, nameservers) : false;
  return {
    ds_records: keys.flatMap((k) => cryptokey(zone, k).ds),
    cds_records: apex ? [dsText(apex.cds)] : [],
    cdnskey_records: apex ? [dnskeyTextOf(apex.cdnskey)] : [],
    parent_zone: parent && {
      zone_id: parent.id,
      name: parent.name,
      holds_ds: !!key && !removing && here && parent.status === 'active',
      delegated_elsewhere: !here,
      enabled: parent.status === 'active',
      signed: Boolean(parent.dnssec_enabled),
    },
  };
}

export function registerUsageDnssecRoutes(r: Registrar) {
  const { store } = r.deps;
  const { db } = store;
  const withZone = [loadZone(db)];

  register(
    r,
    ['zones:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/dnssec/status',
      summary: 'DNSSEC state',
      middleware: withZone,
      request: { params: zoneParams },
      responses: { 200: json(dnssecStatusResponse, 'DNSSEC state'), ...commonErrors },
    }),
    async (c) => c.json(success(await status(db, c.get('zone'))), 200),
  );

  register(
    r,
    ['zones:write'],
    createRoute({
      method: 'patch',
      path: '/v1/zones/{zone_id}/dnssec/status',
      summary: 'Turn DNSSEC on or off',
      description:
        'Turning it on creates an ECDSA P-256 signing key (again: keeps it). Turning it off deletes ' +
        'the keys: remove the DS at the registrar first. `ds_removal: true` keeps the zone signed ' +
        'and publishes the delete signal of RFC 8078 (CDS 0 0 0 00, CDNSKEY 0 3 0 AA==), which ' +
        'parents that read CDS act on by removing the DS; turn DNSSEC off once the DS is gone and ' +
        'its TTL has passed. `ds_removal: false` publishes the key as CDS again. 409 ' +
        'dnssec_disabled when DNSSEC is off.',
      middleware: withZone,
      request: { params: zoneParams, ...jsonBody(dnssecPatchInput) },
      responses: {
        200: json(dnssecStatusResponse, 'DNSSEC state after the change'),
        409: json(errorBodySchema, 'dnssec_disabled: ds_removal asked while DNSSEC is off'),
        ...commonErrors,
      },
    }),
    async (c) => {
      const zone = c.get('zone');
      const body = c.req.valid('json');
      const acting = actingStore(store, c);
      if (body.enabled !== undefined) await setDnssec(acting, zone, body.enabled);
      if (body.ds_removal !== undefined && !(await setDsRemoval(acting, zone, body.ds_removal))) {
        throw new ApiFailure(
          409,
          'dnssec_disabled',
          `DNSSEC is off for ${zone.name}, so there is no key to sign a request to the parent with. ` +
            'If the registry still lists a DS for it, remove the DS at your registrar; or turn ' +
            'DNSSEC on with {"enabled": true} and give the registrar the new DS.',
        );
      }
      const fresh = await getZone(db, zone.customer_id, zone.id);
      return c.json(success(await status(db, fresh ?? zone)), 200);
    },
  );

  register(
    r,
    ['zones:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/dnssec/cryptokeys',
      summary: 'Signing keys with their DNSKEY and DS',
      middleware: withZone,
      request: { params: zoneParams },
      responses: {
        200: json(cryptokeysResponse, 'Keys (empty while DNSSEC is off)'),
        ...commonErrors,
      },
    }),
    async (c) => {
      const zone = c.get('zone');
      const keys = await listKeys(db, zone.id);
      return c.json(success({ cryptokeys: keys.map((k) => cryptokey(zone, k)) }), 200);
    },
  );

  register(
    r,
    ['zones:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/dnssec/ds',
      summary: 'DS records for the registrar (digest types 2 and 4)',
      description:
        'ds_records: what to give the registrar (SHA-256 and SHA-384 digests). cds_records and ' +
        'cdnskey_records: the CDS (SHA-256) and CDNSKEY records the zone publishes at its apex ' +
        'while DNSSEC is on (RFC 7344, RFC 8078), which registries and registrars that scan for ' +
        'them use to install the DS by themselves. All three lists are empty while DNSSEC is off. ' +
        "parent_zone: the account's zone hosted here above this one, which delegates to it and " +
        'publishes its DS while it is signed (holds_ds), unless NS records there send the name to ' +
        'other nameservers (delegated_elsewhere); null when there is none.',
      middleware: withZone,
      request: { params: zoneParams },
      responses: {
        200: json(dsResponse, 'DS records (empty while DNSSEC is off)'),
        ...commonErrors,
      },
    }),
    async (c) => {
      const zone = c.get('zone');
      const [keys, parent] = await Promise.all([listKeys(db, zone.id), hostedParent(db, zone)]);
      const nameservers = nameserversFor(r.deps.config, zone.region);
      return c.json(success(dsBody(zone, keys, parent, nameservers)), 200);
    },
  );
}
