// Online DNSSEC signing as a validating resolver sees it: BIND's `delv`, given only the DS that
// the API shows as its trust anchor, must fully validate positive and negative answers; `dig
// +dnssec` shows the signatures themselves. Zones and keys come from the real HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delv as delvAt, dig as digAt, parentDsFromCds } from '../test-support/dns-tools';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** `dig +norec` against our server; the records of every section, flattened, with the rcode. */
const dig = (name: string, type: string, ...options: string[]) =>
  digAt(server.service.dnsPort, name, type, ...options);

/** `delv` with `ds` (`<keytag> 13 2 <HEX>`) as the only trust anchor, at the zone itself. */
const delv = (zone: string, ds: string, name: string, type: string) =>
  delvAt(server.service.dnsPort, zone, ds, name, type);

const dnssecBase = (id: string) => `/v1/zones/${id}/dnssec`;

async function setDnssec(id: string, enabled: boolean): Promise<void> {
  const r = await server.admin.patch(`${dnssecBase(id)}/status`, { enabled });
  expect(r.status).toBe(200);
  expect(r.body.data.enabled).toBe(enabled);
}

/** The SHA-256 DS the API gives for the zone. */
async function sha256Ds(id: string): Promise<string> {
  const r = await server.admin.get(`${dnssecBase(id)}/ds`);
  expect(r.status).toBe(200);
  const ds = (r.body.data.ds_records as string[]).find((d) => d.split(' ')[2] === '2');
  if (!ds) throw new Error(`no SHA-256 DS: ${JSON.stringify(r.body)}`);
  return ds;
}

async function signedZone(zone: string, records: [string, string, string][]) {
  const id = await createZone(server.admin, zone);
  for (const [name, type, content] of records) {
    const r = await server.admin.post(`/v1/zones/${id}/records`, { name, type, content });
    if (r.status !== 201) throw new Error(`record create failed: ${JSON.stringify(r.body)}`);
  }
  await setDnssec(id, true);
  return { id, ds: await sha256Ds(id) };
}

const FULLY = '; fully validated';
const NEGATIVE = '; negative response, fully validated';

describe('validation by delv with the DS from the API', () => {
  const zone = 'validated.sec.test';
  let ds: string;
  beforeAll(async () => {
    ({ ds } = await signedZone(zone, [
      ['www', 'A', '192.0.2.1'],
      ['www', 'AAAA', '2001:db8::1'],
      ['alias', 'CNAME', `www.${zone}.`],
      ['*.dev', 'A', '192.0.2.9'],
      ['a.b.c', 'TXT', 'deep'],
      ['@', 'MX', `10 mail.${zone}.`],
      ['@', 'ALIAS', `www.${zone}.`],
      ['sub', 'NS', 'ns.elsewhere.example.net.'],
    ]));
  });

  it.each([
    [
      'a positive answer',
      `www.${zone}`,
      'A',
      /^www\.validated\.sec\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.1$/m,
    ],
    ['an AAAA', `www.${zone}`, 'AAAA', /\sAAAA\s+2001:db8::1$/m],
    ['a CNAME', `alias.${zone}`, 'A', /^alias\.validated\.sec\.test\.\s+\d+\s+IN\s+CNAME\s+www\./m],
    [
      'a wildcard answer',
      `x.dev.${zone}`,
      'A',
      /^x\.dev\.validated\.sec\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.9$/m,
    ],
    ['an ALIAS at the apex', zone, 'A', /^validated\.sec\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.1$/m],
    ['the DNSKEY RRset', zone, 'DNSKEY', /\sDNSKEY\s+257 3 13 /m],
    ['the apex MX', zone, 'MX', /\sMX\s+10 mail\./m],
  ])('fully validates %s', async (_what, name, type, answer) => {
    const out = await delv(zone, ds, name, type);
    expect(out).toContain(FULLY);
    expect(out).not.toContain(NEGATIVE);
    expect(out).toMatch(answer);
  });

  it.each([
    ['NXDOMAIN', `nope.${zone}`, 'A', 'NXDOMAIN'],
    ['NXDOMAIN below an existing name', `x.www.${zone}`, 'A', 'NXDOMAIN'],
    ['NODATA', `www.${zone}`, 'MX', 'NXRRSET'],
    ['NODATA at an empty non-terminal', `b.c.${zone}`, 'A', 'NXRRSET'],
    ['NODATA at a wildcard-synthesised name', `x.dev.${zone}`, 'MX', 'NXRRSET'],
    ['NODATA for a DS at an insecure delegation', `sub.${zone}`, 'DS', 'NXRRSET'],
    // A dot inside a label is one octet of that label: the NSEC proofs must cover it as such.
    ['NXDOMAIN for a label holding a dot', `a\\.b.c.${zone}`, 'A', 'NXDOMAIN'],
    ['NXDOMAIN for a label ending in a dot', `www\\..${zone}`, 'A', 'NXDOMAIN'],
    ['NXDOMAIN for a label whose neighbour octet is a dot', `x/.${zone}`, 'A', 'NXDOMAIN'],
  ])('fully validates %s', async (_what, name, type, kind) => {
    const out = await delv(zone, ds, name, type);
    expect(out).toContain(NEGATIVE);
    expect(out).toContain(`;-$${kind}`);
  });
});

describe('signatures as dig shows them', () => {
  it('signs answers with the API key for about two weeks from a moment in the past', async () => {
    const zone = 'rrsig.sec.test';
    const { id, ds } = await signedZone(zone, [['www', 'A', '192.0.2.1']]);
    const keys = (await server.admin.get(`${dnssecBase(id)}/cryptokeys`)).body.data.cryptokeys;
    expect(keys).toHaveLength(1);
    const keytag = Number(ds.split(' ')[0]);
    expect(keys[0].keytag).toBe(keytag);

    const dnskey = await dig(zone, 'DNSKEY', '+dnssec', '+rrcomments');
    const key = dnskey.records.find((r) => r.type === 'DNSKEY');
    expect(key?.data.replace(/\s*;.*$/, '')).toBe(keys[0].dnskey);
    expect(Number(/key id = (\d+)/.exec(key!.data)?.[1])).toBe(keytag);

    const now = Date.now() / 1000;
    const a = await dig(`www.${zone}`, 'A', '+dnssec');
    expect(a.records.map((r) => r.type)).toEqual(['A', 'RRSIG']);
    const [covered, algorithm, labels, originalTtl, expiry, inception, tag, signer] =
      a.records[1]!.data.split(/\s+/);
    expect({ covered, algorithm, labels, tag, signer }).toEqual({
      covered: 'A',
      algorithm: '13',
      labels: '4',
      tag: String(keytag),
      signer: `${zone}.`,
    });
    expect(Number(originalTtl)).toBe(a.records[0]!.ttl);
    const time = (s: string) =>
      Date.UTC(
        +s.slice(0, 4),
        +s.slice(4, 6) - 1,
        +s.slice(6, 8),
        +s.slice(8, 10),
        +s.slice(10, 12),
        +s.slice(12, 14),
      ) / 1000;
    expect(time(inception!)).toBeLessThan(now);
    expect(time(inception!)).toBeGreaterThan(now - 86400);
    expect(time(expiry!) - now).toBeGreaterThan(13 * 86400);
    expect(time(expiry!) - now).toBeLessThan(15 * 86400);
  });

  it('denies with NSEC ranges that reveal no other name of the zone', async () => {
    const zone = 'nsec.sec.test';
    const names = ['alpha', 'mail', 'nope-not', 'www', 'zulu'];
    await signedZone(
      zone,
      names.map((n, i) => [n, 'A', `192.0.2.${i + 1}`]),
    );
    const r = await dig(`nope.${zone}`, 'A', '+dnssec');
    expect(r.status).toBe('NXDOMAIN');
    const nsec = r.records.filter((rr) => rr.type === 'NSEC');
    expect(nsec.length).toBeGreaterThan(0);
    expect(r.records.filter((rr) => rr.type === 'RRSIG').length).toBe(nsec.length + 1); // + SOA
    const shown = nsec.flatMap((rr) => [rr.name, rr.data.split(/\s+/)[0]!]);
    for (const n of names) expect(shown).not.toContain(`${n}.${zone}.`);
  });

  it('never signs an NSEC that denies the types of a name that exists', async () => {
    const zone = 'honest.sec.test';
    const long = 'a'.repeat(63);
    await signedZone(zone, [
      ['www', 'A', '192.0.2.1'],
      [long, 'A', '192.0.2.2'],
    ]);
    // Names just after existing ones in canonical order: a covering NSEC must not start at the
    // existing name with a bitmap of only RRSIG NSEC, or resolvers that synthesise answers from
    // cached NSEC (RFC 8198, on by default in BIND and Unbound) deny www's A to their users.
    const existing = new Set([`www.${zone}.`, `${long}.${zone}.`]);
    for (const name of [`www\\000.${zone}`, `\\000.www.${zone}`, `${'a'.repeat(62)}b.${zone}`]) {
      const r = await dig(name, 'A', '+dnssec');
      expect(r.status).toBe('NXDOMAIN');
      for (const nsec of r.records.filter((rr) => rr.type === 'NSEC' && existing.has(rr.name))) {
        expect({ query: name, owner: nsec.name, types: nsec.data.split(/\s+/).slice(1) }).toEqual({
          query: name,
          owner: nsec.name,
          types: expect.arrayContaining(['A']),
        });
      }
    }
  });

  it('adds no RRSIG or NSEC without the DO bit, nor for an unsigned zone', async () => {
    const zone = 'nodo.sec.test';
    await signedZone(zone, [['www', 'A', '192.0.2.1']]);
    const unsigned = 'unsigned.sec.test';
    const uid = await createZone(server.admin, unsigned);
    await server.admin.post(`/v1/zones/${uid}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
    });
    const asks: [string, string, string[]][] = [
      [`www.${zone}`, 'A', []],
      [`www.${zone}`, 'A', ['+tcp']],
      [`nope.${zone}`, 'A', []],
      [`www.${zone}`, 'MX', []],
      [`www.${unsigned}`, 'A', ['+dnssec']],
      [`nope.${unsigned}`, 'A', ['+dnssec']],
    ];
    for (const [name, type, options] of asks) {
      const r = await dig(name, type, ...options);
      const types = r.records.map((rr) => rr.type);
      expect({ name, type, options, types }).toEqual({
        name,
        type,
        options,
        types: expect.not.arrayContaining(['RRSIG']),
      });
      expect(types).not.toContain('NSEC');
      expect(types.length).toBeGreaterThan(0);
    }
    // With DO the same signed names are signed.
    const signed = await dig(`nope.${zone}`, 'A', '+dnssec');
    expect(signed.records.map((rr) => rr.type)).toContain('NSEC');
  });
});

describe('CDS and CDNSKEY for parents that read them (RFC 7344, RFC 8078)', () => {
  const zone = 'cds.sec.test';
  let id: string;
  let ds: string;
  beforeAll(async () => {
    ({ id, ds } = await signedZone(zone, [['www', 'A', '192.0.2.1']]));
  });

  it('publishes the SHA-256 DS as CDS and the DNSKEY as CDNSKEY, as the API lists them', async () => {
    const body = (await server.admin.get(`${dnssecBase(id)}/ds`)).body.data;
    const keys = (await server.admin.get(`${dnssecBase(id)}/cryptokeys`)).body.data.cryptokeys;
    expect(body.cds_records).toEqual([ds]);
    expect(body.cdnskey_records).toEqual([keys[0].dnskey]);
    const cds = await dig(zone, 'CDS');
    expect(cds.records.map((r) => [r.type, r.data])).toEqual([['CDS', ds]]);
    const cdnskey = await dig(zone, 'CDNSKEY');
    expect(cdnskey.records.map((r) => [r.type, r.data])).toEqual([['CDNSKEY', keys[0].dnskey]]);
  });

  it.each(['CDS', 'CDNSKEY'])('signs the %s RRset so that delv validates it', async (type) => {
    const out = await delv(zone, ds, zone, type);
    expect(out).toContain(FULLY);
    expect(out).toMatch(new RegExp(`\\s${type}\\s`));
  });

  it('lists CDS and CDNSKEY in the apex NSEC', async () => {
    const r = await dig(zone, 'TXT', '+dnssec');
    const nsec = r.records.find((rr) => rr.type === 'NSEC' && rr.name === `${zone}.`);
    expect(nsec?.data.split(/\s+/)).toEqual(expect.arrayContaining(['DNSKEY', 'CDS', 'CDNSKEY']));
    expect(await delv(zone, ds, zone, 'TXT')).toContain(NEGATIVE);
  });

  // The parent starts from the SHA-384 DS alone, so the set it ends with comes from the child's
  // records: unchanged input would mean it read neither.
  it.each(['CDS', 'CDNSKEY'] as const)(
    'moves a parent to the DS the %s asks for (dnssec-cds)',
    async (from) => {
      const body = (await server.admin.get(`${dnssecBase(id)}/ds`)).body.data;
      const sha384 = (body.ds_records as string[]).find((d) => d.split(' ')[2] === '4')!;
      const r = await parentDsFromCds(server.service.dnsPort, zone, sha384, from);
      expect(r.code).toBe(0);
      const next = r.out.split('\n').filter((l) => /\sIN\s+DS\s/.test(l));
      expect(next.map((l) => l.split(/\s+IN\s+DS\s+/)[1])).toEqual([ds]);
    },
  );

  it('is refused by a parent whose DS names another key (dnssec-cds)', async () => {
    const [tag, alg, type, digest] = ds.split(' ');
    const other = `${(Number(tag) + 1) % 65536} ${alg} ${type} ${digest!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    const r = await parentDsFromCds(server.service.dnsPort, zone, other);
    expect(r.code).not.toBe(0);
  });

  it('publishes neither in an unsigned zone, nor once DNSSEC is off', async () => {
    const off = 'cds-off.sec.test';
    const { id: offId } = await signedZone(off, []);
    expect((await dig(off, 'CDS')).records.map((r) => r.type)).toEqual(['CDS']);
    await setDnssec(offId, false);
    for (const type of ['CDS', 'CDNSKEY']) {
      const r = await dig(off, type, '+dnssec');
      expect(r.status).toBe('NOERROR');
      expect(r.records.map((rr) => rr.type)).toEqual(['SOA']);
    }
    const body = (await server.admin.get(`${dnssecBase(offId)}/ds`)).body.data;
    expect(body).toEqual({
      ds_records: [],
      cds_records: [],
      cdnskey_records: [],
      parent_zone: null,
    });
  });
});

describe('asking the parent to remove the DS first (RFC 8078 delete signal)', () => {
  const zone = 'going-insecure.sec.test';
  let id: string;
  let ds: string;
  beforeAll(async () => {
    ({ id, ds } = await signedZone(zone, [['www', 'A', '192.0.2.1']]));
  });

  const patch = (body: unknown) => server.admin.patch(`${dnssecBase(id)}/status`, body);

  it('publishes CDS 0 0 0 00 and CDNSKEY 0 3 0 AA==, signed, while answers still validate', async () => {
    const r = await patch({ ds_removal: true });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ enabled: true, key_count: 1 });
    expect(Date.parse(r.body.data.ds_removal_requested_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await dig(zone, 'CDS')).records.map((rr) => rr.data)).toEqual(['0 0 0 00']);
    expect((await dig(zone, 'CDNSKEY')).records.map((rr) => rr.data)).toEqual(['0 3 0 AA==']);
    expect(await delv(zone, ds, zone, 'CDS')).toContain(FULLY);
    expect(await delv(zone, ds, `www.${zone}`, 'A')).toContain(FULLY);
    const body = (await server.admin.get(`${dnssecBase(id)}/ds`)).body.data;
    expect(body.ds_records).toContain(ds); // still what the registrar holds until it acts
    expect(body.cds_records).toEqual(['0 0 0 00']);
    expect(body.cdnskey_records).toEqual(['0 3 0 AA==']);
    const again = await server.admin.get(`${dnssecBase(id)}/status`);
    expect(again.body.data.ds_removal_requested_at).toBe(r.body.data.ds_removal_requested_at);
  });

  // No parent-side tool here acts on the delete signal (BIND 9.18's dnssec-cds reads
  // `0 0 0 00` as a digest type it does not allow): dig shows the RFC 8078 forms, with erratum
  // 5049's one zero octet as the key and digest, as BIND and Knot publish them.

  it('is in the history, and withdrawing it publishes the key again', async () => {
    const changes = (await server.admin.get(`/v1/zones/${id}/changes`)).body.data.changes;
    expect(changes[0]).toMatchObject({
      kind: 'dnssec',
      summary: 'DS removal requested from the parent (CDS delete published)',
      revertible: false,
    });
    const revert = await server.admin.post(`/v1/zones/${id}/changes/${changes[0].id}/revert`, {});
    expect(revert.status).toBe(409);
    expect(revert.body.error.message).toMatch(/asked the parent to remove the DS record/);
    const r = await patch({ ds_removal: false });
    expect(r.body.data.ds_removal_requested_at).toBeNull();
    expect((await dig(zone, 'CDS')).records.map((rr) => rr.data)).toEqual([ds]);
    const detail = await server.admin.get(`/v1/zones/${id}/changes`);
    expect(detail.body.data.changes[0].summary).toBe(
      'DS removal request withdrawn (CDS published again)',
    );
  });

  it('is cleared by turning DNSSEC off, and refused while DNSSEC is off', async () => {
    expect((await patch({ ds_removal: true })).status).toBe(200);
    expect((await patch({ enabled: false })).body.data.ds_removal_requested_at).toBeNull();
    const r = await patch({ ds_removal: true });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('dnssec_disabled');
    expect(r.body.error.message).toMatch(/remove the DS at your registrar/);
    // Not asking already holds while DNSSEC is off.
    const notAsking = await patch({ ds_removal: false });
    expect(notAsking.status).toBe(200);
    expect(notAsking.body.data).toMatchObject({ enabled: false, ds_removal_requested_at: null });
    await setDnssec(id, true);
    const on = await server.admin.get(`${dnssecBase(id)}/status`);
    expect(on.body.data.ds_removal_requested_at).toBeNull();
    expect((await dig(zone, 'CDS')).records.map((rr) => rr.data)).toEqual([await sha256Ds(id)]);
  });

  it('refuses ds_removal with enabled: false, true with true, and a body with neither', async () => {
    const both = await patch({ enabled: false, ds_removal: true });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toMatch(/Send one or the other/);
    const fresh = await patch({ enabled: true, ds_removal: true });
    expect(fresh.status).toBe(400);
    expect(fresh.body.error.message).toMatch(/Turn DNSSEC on first/);
    const neither = await patch({});
    expect(neither.status).toBe(400);
    expect(neither.body.error.message).toMatch(/ds_removal/);
    expect((await server.admin.get(`${dnssecBase(id)}/status`)).body.data.enabled).toBe(true);
  });
});

describe('turning DNSSEC off and on again', () => {
  it('stops serving DNSKEY, then validates the new key with the new DS only', async () => {
    const zone = 'rollover.sec.test';
    const { id, ds: oldDs } = await signedZone(zone, [['www', 'A', '192.0.2.1']]);
    expect(await delv(zone, oldDs, `www.${zone}`, 'A')).toContain(FULLY);

    await setDnssec(id, false);
    const off = await dig(zone, 'DNSKEY', '+dnssec');
    expect(off.status).toBe('NOERROR');
    expect(off.records.map((r) => r.type)).toEqual(['SOA']); // NODATA, unsigned
    const plain = await dig(`www.${zone}`, 'A', '+dnssec');
    expect(plain.records.map((r) => r.type)).toEqual(['A']);

    await setDnssec(id, true);
    const newDs = await sha256Ds(id);
    expect(newDs).not.toBe(oldDs);
    const withNew = await delv(zone, newDs, `www.${zone}`, 'A');
    expect(withNew).toContain(FULLY);
    const withOld = await delv(zone, oldDs, `www.${zone}`, 'A');
    expect(withOld).not.toContain('fully validated');
    expect(await delv(zone, newDs, `nope.${zone}`, 'A')).toContain(NEGATIVE);
  });
});
