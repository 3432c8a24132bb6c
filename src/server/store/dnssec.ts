// DNSSEC state of a zone: the flag on the zone and its signing keys.
import { zoneWrite } from './announce';
import type { Db, Store } from './db';
import { nowIso, randomId } from './ids';
import { OPERATOR, recordChangeWithSerial } from './journal';
import { liveZoneRow, type ZoneRow } from './zones';
import {
  ALGORITHM_ECDSAP256SHA256,
  CSK_FLAGS,
  dnskeyRdata,
  generateEcdsaP256Key,
  keyTag,
} from '../zones/dnssec-keys';

export async function listKeys(db: Db, zoneId: string) {
  return db
    .selectFrom('dnssec_keys')
    .select([
      'id',
      'flags',
      'algorithm',
      'keytag',
      'public_key',
      'active',
      'published',
      'created_at',
    ])
    .where('zone_id', '=', zoneId)
    .orderBy('created_at')
    .execute();
}

/** Enabling twice keeps the key; disabling deletes the keys, so the next enable makes a new DS. */
export async function setDnssec(store: Store, zone: ZoneRow, enabled: boolean): Promise<void> {
  await zoneWrite(store, zone.id, async (trx) => {
    const current = await liveZoneRow(trx, zone.id);
    if (Boolean(current.dnssec_enabled) === enabled) return { result: undefined, event: null };
    if (enabled) {
      const key = generateEcdsaP256Key();
      await trx
        .insertInto('dnssec_keys')
        .values({
          id: randomId('key_', 12),
          zone_id: zone.id,
          flags: CSK_FLAGS,
          algorithm: ALGORITHM_ECDSAP256SHA256,
          keytag: keyTag(dnskeyRdata(CSK_FLAGS, ALGORITHM_ECDSAP256SHA256, key.publicKey)),
          public_key: key.publicKey.toString('base64'),
          private_key: key.privateKeyPkcs8.toString('base64'),
          active: 1,
          published: 1,
          created_at: nowIso(),
        })
        .execute();
    } else {
      await trx.deleteFrom('dnssec_keys').where('zone_id', '=', zone.id).execute();
    }
    await trx
      .updateTable('zones')
      .set({ dnssec_enabled: enabled ? 1 : 0, dnssec_ds_removal_at: null, updated_at: nowIso() })
      .where('id', '=', zone.id)
      .execute();
    const { state } = await recordChangeWithSerial(trx, zone, {
      actor: store.actor ?? OPERATOR,
      kind: 'dnssec',
      summary: enabled ? 'DNSSEC enabled' : 'DNSSEC disabled',
      rrsets: [],
      settings: [{ field: 'dnssec_enabled', before: !enabled, after: enabled }],
      // Switching back would make a new key, hence a new DS at the parent: not an undo.
      revertible: false,
    });
    return { result: undefined, event: { kind: 'zone', zoneId: zone.id, zone: state } };
  });
}

/**
 * Asks the parent to remove the zone's DS (true), or stops asking (false): while asked, the signed
 * zone's CDS and CDNSKEY are RFC 8078's delete signal, so a parent that reads them goes insecure
 * before DNSSEC is turned off here (ADR 0029). Returns false when asked while DNSSEC is off: with
 * no key there is nothing to sign the signal with.
 */
export async function setDsRemoval(
  store: Store,
  zone: ZoneRow,
  requested: boolean,
): Promise<boolean> {
  return zoneWrite(store, zone.id, async (trx) => {
    const current = await liveZoneRow(trx, zone.id);
    // Not asking is already so while DNSSEC is off; asking needs a key to sign the signal.
    if (!current.dnssec_enabled) return { result: !requested, event: null };
    const key = await trx
      .selectFrom('dnssec_keys')
      .select('created_at')
      .where('zone_id', '=', zone.id)
      .where('active', '=', 1)
      .orderBy('created_at')
      .executeTakeFirst();
    const asking = removalFor(current.dnssec_ds_removal_at, key?.created_at) !== null;
    if (asking === requested) return { result: true, event: null };
    const now = nowIso();
    await trx
      .updateTable('zones')
      .set({ dnssec_ds_removal_at: requested ? now : null, updated_at: now })
      .where('id', '=', zone.id)
      .execute();
    const { state } = await recordChangeWithSerial(trx, zone, {
      actor: store.actor ?? OPERATOR,
      kind: 'dnssec',
      summary: requested
        ? 'DS removal requested from the parent (CDS delete published)'
        : 'DS removal request withdrawn (CDS published again)',
      rrsets: [],
      settings: [{ field: 'dnssec_ds_removal', before: !requested, after: requested }],
      revertible: false,
    });
    return { result: true, event: { kind: 'zone', zoneId: zone.id, zone: state } };
  });
}

/**
 * The DS removal request that holds for a key made at `keyCreatedAt`: a request from before the
 * key (left by a node of an older version that turned DNSSEC off without clearing it) is not
 * this key's, and must not publish the delete signal for it.
 */
export function removalFor(
  removalAt: string | null,
  keyCreatedAt: string | undefined,
): string | null {
  return removalAt !== null && keyCreatedAt !== undefined && removalAt >= keyCreatedAt
    ? removalAt
    : null;
}
