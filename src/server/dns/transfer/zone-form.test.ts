// The transferred form's own rules: signature windows from the serial, and a rebuild that makes
// again only the names a change touched (and the NSEC before them), not the whole zone.
import { createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dnskeyRdata, generateEcdsaP256Key, keyTag } from '../../zones/dnssec-keys';
import { TYPE } from '../rdata';
import { buildNode, keyRRsets, type SigningKey, ZoneView } from '../zone-view';
import { buildForm, needsResigning, signatureWindow, TRANSFER_RESIGN_MS } from './zone-form';
import { formDiff } from './zone-forms';
import { splitRecords } from './wire';

const DAY = 86400_000;

function signingKey(): SigningKey {
  const k = generateEcdsaP256Key();
  const rdata = dnskeyRdata(257, 13, k.publicKey);
  return {
    keytag: keyTag(rdata),
    algorithm: 13,
    privateKey: createPrivateKey({ key: k.privateKeyPkcs8, format: 'der', type: 'pkcs8' }),
    ...keyRRsets('form.test', rdata, 3600),
  };
}

function zoneWith(names: string[], key: SigningKey | null): ZoneView {
  const serial = Math.floor(Date.now() / 1000);
  const zone = new ZoneView('zone_1', 'form.test', true, serial, 3600, ['ns1.example'], key);
  for (const n of names) {
    zone.setNode(`${n}.form.test`, buildNode([{ type: 'A', content: '192.0.2.1', ttl: 300 }]));
  }
  return zone;
}

const finder = (zone: ZoneView) => ({ findZone: () => zone });
const typesOf = (wire: Buffer) => splitRecords(wire).map((r) => r.readUInt16BE(r.indexOf(0) + 1));

describe('signature windows', () => {
  it('follow the serial, never start in the future, and end with a new serial', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const serial = Math.floor(now / 1000);
    const window = signatureWindow(serial, now);
    expect(window).toBeLessThanOrEqual(now);
    expect(now - window).toBeLessThan(TRANSFER_RESIGN_MS);
    expect(needsResigning(serial, now)).toBe(false);
    expect(needsResigning(serial, now + TRANSFER_RESIGN_MS)).toBe(true);
    // A serial ahead of the clock (many changes a second) signs from the clock's window.
    expect(signatureWindow(serial + 30 * 86400, now)).toBe(window);
    expect(needsResigning(serial - 4 * 86400, now)).toBe(true);
    expect(TRANSFER_RESIGN_MS).toBeLessThan(14 * DAY); // signatures last two weeks
  });
});

describe('buildForm', () => {
  it('signs every name, in canonical order, the last NSEC pointing back to the apex', async () => {
    const zone = zoneWith(['b', 'a', 'z.a', 'c'], signingKey());
    const form = await buildForm(finder(zone), zone, null);
    expect([...form.entries.keys()]).toEqual([
      'form.test',
      'a.form.test',
      'z.a.form.test',
      'b.form.test',
      'c.form.test',
    ]);
    expect(form.entries.get('c.form.test')!.next).toBe('form.test');
    const apexTypes = typesOf(form.entries.get('form.test')!.wire);
    expect(apexTypes).toEqual(
      expect.arrayContaining([TYPE.NS, TYPE.DNSKEY, TYPE.CDS, TYPE.CDNSKEY, TYPE.RRSIG, TYPE.NSEC]),
    );
    expect(form.soaSig).not.toBeNull();
  });

  it('makes again only the changed name and its NSEC predecessor', async () => {
    const zone = zoneWith(['a', 'b', 'c', 'd', 'e'], signingKey());
    const first = await buildForm(finder(zone), zone, null);
    zone.setNode('cc.form.test', buildNode([{ type: 'TXT', content: '"new"', ttl: 300 }]));
    zone.serial++;
    zone.version++;
    const second = await buildForm(finder(zone), zone, first);
    const remade = [...second.entries].filter(([n, e]) => first.entries.get(n) !== e);
    expect(remade.map(([n]) => n)).toEqual(['c.form.test', 'cc.form.test']);

    const diff = formDiff(first, second);
    // c's NSEC and its RRSIG replaced; cc's A... TXT, RRSIG, NSEC, RRSIG added; the SOA's RRSIG.
    expect(diff.deleted).toHaveLength(3);
    expect(diff.added).toHaveLength(2 + 4 + 1);
  });

  it('makes every NSEC again when the zone TTL moves their TTL (RFC 9077)', async () => {
    const zone = zoneWith(['a', 'b'], signingKey());
    const first = await buildForm(finder(zone), zone, null);
    zone.ttl = 60;
    zone.version++;
    const second = await buildForm(finder(zone), zone, first);
    expect(second.nsecTtl).toBe(60);
    const nsec = splitRecords(second.entries.get('b.form.test')!.wire).find(
      (r) => r.readUInt16BE(r.indexOf(0) + 1) === TYPE.NSEC,
    )!;
    expect(nsec.readUInt32BE(nsec.indexOf(0) + 5)).toBe(60);
  });

  it('starts over when the key changes, and unsigned zones carry no RRSIG or NSEC', async () => {
    const zone = zoneWith(['a'], signingKey());
    const first = await buildForm(finder(zone), zone, null);
    zone.key = signingKey();
    zone.version++;
    const second = await buildForm(finder(zone), zone, first);
    expect(second.entries.get('a.form.test')).not.toBe(first.entries.get('a.form.test'));

    zone.key = null;
    zone.version++;
    const plain = await buildForm(finder(zone), zone, second);
    const types = [...plain.entries.values()].flatMap((e) => typesOf(e.wire));
    expect(types).not.toContain(TYPE.RRSIG);
    expect(types).not.toContain(TYPE.NSEC);
    expect(plain.soaSig).toBeNull();
  });

  it('makes the apex again when its CDS turns into the delete signal, and only the apex', async () => {
    const zone = zoneWith(['a', 'b'], signingKey());
    const first = await buildForm(finder(zone), zone, null);
    const key = zone.key!;
    zone.key = { ...key, ...keyRRsets(zone.name, key.dnskey.rdatas[0]!, 3600, true) };
    zone.serial++;
    zone.version++;
    const second = await buildForm(finder(zone), zone, first);
    const remade = [...second.entries].filter(([n, e]) => first.entries.get(n) !== e);
    expect(remade.map(([n]) => n)).toEqual(['form.test']);
    const cds = splitRecords(second.entries.get('form.test')!.wire).find(
      (r) => r.readUInt16BE(r.indexOf(0) + 1) === TYPE.CDS,
    )!;
    // After owner, type, class and TTL: RDLENGTH 5, then 0 0 0 00.
    expect([...cds.subarray(cds.indexOf(0) + 9)]).toEqual([0, 5, 0, 0, 0, 0, 0]);
  });

  it('knows whether the zone holds an ALIAS as nodes come and go', () => {
    const zone = zoneWith(['a'], null);
    const alias = buildNode([{ type: 'ALIAS', content: 'a.form.test.', ttl: 300 }]);
    zone.setNode('lb.form.test', alias);
    zone.setNode('lb2.form.test', alias);
    expect(zone.aliases).toBe(2);
    zone.setNode('lb.form.test', buildNode([{ type: 'A', content: '192.0.2.7', ttl: 300 }]));
    zone.setNode('lb2.form.test', null);
    expect(zone.aliases).toBe(0);
  });
});
