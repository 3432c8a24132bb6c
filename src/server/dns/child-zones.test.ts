// A zone hosted below another zone hosted here (ADR 0030), as a validating resolver sees it:
// BIND's `delv`, given only the parent's DS, must follow the chain of trust into a signed child
// (the parent answers the child's DS), and see an unsigned child as insecure, never as broken.
// Before ADR 0030 the child answered its own DS query, and every child of a signed parent failed
// validation. The parent's transferred form holds the child's NS and DS too, with a new serial
// when they change. Zones and keys come from the real HTTP API.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { delv as delvAt, dig as digAt, digXfr } from '../test-support/dns-tools';
import type { Kysely } from 'kysely';
import type { DsAnswer } from '../../shared/api/usage-dnssec';
import { bumpParentsOfHostedZones } from '../store/migrations';
import { createZone, startTestServer, zoneSerial, type TestServer } from '../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ API_RATE_LIMIT: '0', DNS_TRANSFER_ALLOW: '127.0.0.0/8' });
});
afterAll(() => server.close());

const dig = (name: string, type: string, ...options: string[]) =>
  digAt(server.service.dnsPort, name, type, '+dnssec', ...options);
const delv = (anchorZone: string, ds: string, name: string, type: string) =>
  delvAt(server.service.dnsPort, anchorZone, ds, name, type);

const FULLY = '; fully validated';
const NEGATIVE = '; negative response, fully validated';
const INSECURE = '; unsigned answer';

async function add(id: string, name: string, type: string, content: string) {
  const r = await server.admin.post(`/v1/zones/${id}/records`, { name, type, content });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.record as { id: string };
}

async function dnssec(id: string, body: Record<string, boolean>) {
  const r = await server.admin.patch(`/v1/zones/${id}/dnssec/status`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** The SHA-256 DS the API gives for the zone, as `<keytag> 13 2 <HEX>`. */
async function sha256Ds(id: string): Promise<string> {
  const r = await server.admin.get(`/v1/zones/${id}/dnssec/ds`);
  const ds = (r.body.data.ds_records as string[]).find((d) => d.split(' ')[2] === '2');
  if (!ds) throw new Error(`no SHA-256 DS: ${JSON.stringify(r.body)}`);
  return ds;
}

/** A zone with a `www` A record, signed or not. */
async function zone(name: string, signed: boolean) {
  const id = await createZone(server.admin, name);
  await add(id, 'www', 'A', '192.0.2.1');
  if (signed) await dnssec(id, { enabled: true });
  return id;
}

/** A DS as dig shows it (the digest maybe split in parts) against one from the API. */
function sameDs(dig: string, api: string): boolean {
  const fields = (ds: string) => {
    const [tag, alg, type, ...digest] = ds.trim().split(/\s+/);
    return `${tag} ${alg} ${type} ${digest.join('').toUpperCase()}`;
  };
  return fields(dig) === fields(api);
}

describe('a signed parent', () => {
  const parent = 'chain.test';
  let parentDs: string;
  beforeAll(async () => {
    parentDs = await sha256Ds(await zone(parent, true));
  });

  it('answers a signed child’s DS itself, signed, so a validator follows the chain into the child', async () => {
    const child = `signed.${parent}`;
    const childId = await zone(child, true);
    const ds = await dig(child, 'DS');
    expect(ds.status).toBe('NOERROR');
    expect(ds.text).toMatch(/flags: qr aa/);
    const records = ds.records.filter((r) => r.type === 'DS');
    expect(records).toHaveLength(1);
    expect(sameDs(records[0]!.data, await sha256Ds(childId))).toBe(true);
    const sig = ds.records.find((r) => r.type === 'RRSIG');
    expect(sig?.data.split(/\s+/)[7]).toBe(`${parent}.`);

    expect(await delv(parent, parentDs, child, 'DS')).toContain(FULLY);
    const www = await delv(parent, parentDs, `www.${child}`, 'A');
    expect(www).toContain(FULLY);
    expect(www).toMatch(/^www\.signed\.chain\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.1$/m);
    const nx = await delv(parent, parentDs, `nope.${child}`, 'A');
    expect(nx).toContain(NEGATIVE);
    expect(nx).toContain(';-$NXDOMAIN');
  });

  it('proves an unsigned child insecure (no DS, NS at the cut), not broken', async () => {
    const child = `plain.${parent}`;
    await zone(child, false);
    const ds = await dig(child, 'DS');
    expect(ds.status).toBe('NOERROR');
    const nsec = ds.records.find((r) => r.type === 'NSEC' && r.name === `${child}.`);
    expect(nsec?.data).toMatch(/ NS RRSIG NSEC$/);
    expect(await delv(parent, parentDs, child, 'DS')).toContain(NEGATIVE);
    const www = await delv(parent, parentDs, `www.${child}`, 'A');
    expect(www).toContain(INSECURE);
    expect(www).not.toMatch(/broken|resolution failed/);
  });

  it('withdraws the DS while the child asks for its removal, and once it is unsigned', async () => {
    const child = `leaving.${parent}`;
    const id = await zone(child, true);
    expect(await delv(parent, parentDs, `www.${child}`, 'A')).toContain(FULLY);

    // RFC 8078: the parent acts on the child's delete signal at once.
    await dnssec(id, { ds_removal: true });
    expect((await dig(child, 'DS')).records.filter((r) => r.type === 'DS')).toEqual([]);
    const removing = await delv(parent, parentDs, `www.${child}`, 'A');
    expect(removing).toContain(INSECURE);
    expect(removing).not.toMatch(/broken|resolution failed/);

    await dnssec(id, { ds_removal: false });
    expect(await delv(parent, parentDs, `www.${child}`, 'A')).toContain(FULLY);

    await dnssec(id, { enabled: false });
    expect((await dig(child, 'DS')).records.filter((r) => r.type === 'DS')).toEqual([]);
    expect(await delv(parent, parentDs, `www.${child}`, 'A')).toContain(INSECURE);

    await dnssec(id, { enabled: true });
    expect(sameDs((await dig(child, 'DS')).records[0]!.data, await sha256Ds(id))).toBe(true);
    expect(await delv(parent, parentDs, `www.${child}`, 'A')).toContain(FULLY);
  });

  it('holds the DS under NS records of its own only when they name the child’s nameservers', async () => {
    const parentId = (await server.admin.get(`/v1/zones?name=${parent}`)).body.data.zones.find(
      (z: { name: string }) => z.name === parent,
    ).id as string;
    const ours = `ours.${parent}`;
    const elsewhere = `elsewhere.${parent}`;
    const oursId = await zone(ours, true);
    await zone(elsewhere, true);
    const childNs = (await dig(ours, 'NS')).records
      .filter((r) => r.type === 'NS')
      .map((r) => r.data);
    expect(childNs.length).toBeGreaterThan(0);
    for (const ns of childNs) await add(parentId, 'ours', 'NS', ns);
    await add(parentId, 'elsewhere', 'NS', 'ns1.other-provider.example.');

    const ds = (await dig(ours, 'DS')).records.filter((r) => r.type === 'DS');
    expect(ds).toHaveLength(1);
    expect(sameDs(ds[0]!.data, await sha256Ds(oursId))).toBe(true);
    expect(await delv(parent, parentDs, `www.${ours}`, 'A')).toContain(FULLY);

    // Delegated to another operator, whose keys are not the ones hosted here: no DS from us.
    expect((await dig(elsewhere, 'DS')).records.filter((r) => r.type === 'DS')).toEqual([]);
    expect(await delv(parent, parentDs, elsewhere, 'DS')).toContain(NEGATIVE);
  });

  it('answers the DS from the cut alone, whatever records it still holds at that name', async () => {
    const parentId = (await server.admin.get(`/v1/zones?name=${parent}`)).body.data.zones.find(
      (z: { name: string }) => z.name === parent,
    ).id as string;
    await add(parentId, 'was-cname', 'CNAME', 'shops.elsewhere.example.net.');
    await add(parentId, 'was-host', 'A', '192.0.2.5');
    await add(parentId, 'was-host', 'MX', '10 mail.elsewhere.example.net.');
    const signedId = await zone(`was-cname.${parent}`, true);
    await zone(`was-host.${parent}`, false);

    const ds = await dig(`was-cname.${parent}`, 'DS');
    expect(ds.records.filter((r) => r.type !== 'RRSIG').map((r) => r.type)).toEqual(['DS']);
    expect(sameDs(ds.records[0]!.data, await sha256Ds(signedId))).toBe(true);
    expect(await delv(parent, parentDs, `www.was-cname.${parent}`, 'A')).toContain(FULLY);

    const nodata = await dig(`was-host.${parent}`, 'DS');
    const nsec = nodata.records.find((r) => r.type === 'NSEC' && r.name === `was-host.${parent}.`);
    expect(nsec?.data).toMatch(/\sNS RRSIG NSEC$/);
    expect(await delv(parent, parentDs, `www.was-host.${parent}`, 'A')).toContain(INSECURE);
  });

  it('sends the DS of a child below NS records of the parent to those servers', async () => {
    const parentId = (await server.admin.get(`/v1/zones?name=${parent}`)).body.data.zones.find(
      (z: { name: string }) => z.name === parent,
    ).id as string;
    await add(parentId, 'away', 'NS', 'ns1.other-provider.example.');
    const childId = await zone(`x.away.${parent}`, true);
    const ds = await dig(`x.away.${parent}`, 'DS');
    expect(ds.text).not.toMatch(/flags: qr aa/); // a referral to away's servers
    expect(ds.records.filter((r) => r.type === 'DS')).toEqual([]);
    const api = (await server.admin.get(`/v1/zones/${childId}/dnssec/ds`)).body.data.parent_zone;
    expect(api).toMatchObject({ holds_ds: false, delegated_elsewhere: true });
  });

  it('takes the DS back to the parent when the parent is enabled again', async () => {
    const top = 'toggle-chain.test';
    const topId = await zone(top, true);
    const topDs = await sha256Ds(topId);
    await zone(`kid.${top}`, true);
    const off = await server.admin.put(`/v1/zones/${topId}`, { status: 'disabled' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    // Disabled, the parent answers nothing: the child answers its own DS meanwhile.
    const own = await dig(`kid.${top}`, 'DS');
    expect(own.records.find((r) => r.type === 'SOA')?.name).toBe(`kid.${top}.`);
    const on = await server.admin.put(`/v1/zones/${topId}`, { status: 'active' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const ds = await dig(`kid.${top}`, 'DS');
    expect(ds.records.find((r) => r.type === 'RRSIG')?.data.split(/\s+/)[7]).toBe(`${top}.`);
    expect(await delv(top, topDs, `www.kid.${top}`, 'A')).toContain(FULLY);
  });

  it('has the names between it and a deeper child (NODATA, not NXDOMAIN)', async () => {
    const child = `a.between.${parent}`;
    await zone(child, true);
    const ent = await dig(`between.${parent}`, 'A');
    expect(ent.status).toBe('NOERROR');
    const out = await delv(parent, parentDs, `between.${parent}`, 'A');
    expect(out).toContain(NEGATIVE);
    expect(out).toContain(';-$NXRRSET');
    expect(await delv(parent, parentDs, `www.${child}`, 'A')).toContain(FULLY);
  });

  it('denies the DS of a child that was deleted', async () => {
    const child = `gone.${parent}`;
    const id = await zone(child, true);
    expect((await dig(child, 'DS')).records.some((r) => r.type === 'DS')).toBe(true);
    const del = await server.admin.delete(`/v1/zones/${id}`);
    expect(del.status, JSON.stringify(del.body)).toBe(202);
    const ds = await dig(child, 'DS');
    expect(ds.status).toBe('NXDOMAIN');
    expect(await delv(parent, parentDs, child, 'DS')).toContain(';-$NXDOMAIN');
  });
});

describe('the upgrade (migration 0010)', () => {
  it('gives a new serial to each zone with a zone of its own account below, and no other', async () => {
    const ids = {
      parent: await zone('upgrade.test', false),
      child: await zone('kid.upgrade.test', false),
      sibling: await zone('upgrade-not-a-parent.test', false),
      lookalike: await zone('xupgrade.test', false),
      bereaved: await zone('upgrade-gone.test', false),
    };
    const gone = await zone('kid.upgrade-gone.test', false);
    expect((await server.admin.delete(`/v1/zones/${gone}`)).status).toBe(202);
    const serials = async () => {
      const out: Record<string, number> = {};
      for (const [k, id] of Object.entries(ids)) {
        out[k] = await zoneSerial(server, id);
      }
      return out;
    };
    // The new serials the children's creation and deletion gave their parents land first.
    let before = await serials();
    await vi.waitFor(
      async () => {
        const now = await serials();
        const settled = JSON.stringify(now) === JSON.stringify(before);
        before = now;
        expect(settled).toBe(true);
      },
      { timeout: 10_000, interval: 300 },
    );
    await bumpParentsOfHostedZones(server.store.db as unknown as Kysely<unknown>);
    expect(await serials()).toEqual({ ...before, parent: before.parent! + 1 });
  });
});

describe('what the API says of the parent', () => {
  const parentZone = async (id: string) =>
    (await server.admin.get(`/v1/zones/${id}/dnssec/ds`)).body.data
      .parent_zone as DsAnswer['parent_zone'];

  it('names the hosted parent and whether it publishes the DS now', async () => {
    const parentId = await zone('api-chain.test', false);
    expect(await parentZone(parentId)).toBeNull();
    const childId = await zone('deep.kid.api-chain.test', false);
    const unsigned = { zone_id: parentId, name: 'api-chain.test', enabled: true, signed: false };
    expect(await parentZone(childId)).toEqual({
      ...unsigned,
      holds_ds: false,
      delegated_elsewhere: false,
    });

    await dnssec(childId, { enabled: true });
    expect(await parentZone(childId)).toMatchObject({ holds_ds: true });
    // The nearest hosted zone above is the parent.
    const middleId = await zone('kid.api-chain.test', false);
    expect(await parentZone(childId)).toMatchObject({ zone_id: middleId, holds_ds: true });
    const middleDs = await dig('deep.kid.api-chain.test', 'DS');
    expect(middleDs.records.find((r) => r.type === 'RRSIG')).toBeUndefined(); // kid is unsigned
    expect(middleDs.records.some((r) => r.type === 'DS')).toBe(true);

    await dnssec(childId, { ds_removal: true });
    expect(await parentZone(childId)).toMatchObject({ holds_ds: false });
    await dnssec(childId, { ds_removal: false });

    await add(middleId, 'deep', 'NS', 'ns1.other-provider.example.');
    expect(await parentZone(childId)).toMatchObject({ holds_ds: false, delegated_elsewhere: true });
    expect((await dig('deep.kid.api-chain.test', 'DS')).records.some((r) => r.type === 'DS')).toBe(
      false,
    );
  });

  it('refuses records in the parent that the child answers for, saying where they go', async () => {
    const parentId = await zone('refuse-chain.test', false);
    await zone('dev.refuse-chain.test', false);
    const post = (name: string, type: string, content: string) =>
      server.admin.post(`/v1/zones/${parentId}/records`, { name, type, content });

    const mx = await post('www.dev', 'MX', '10 mail.example.net.');
    expect(mx.status).toBe(409);
    expect(mx.body.error.code).toBe('delegation_conflict');
    expect(mx.body.error.message).toBe(
      'dev.refuse-chain.test is a zone of its own here, and it answers for www.dev.refuse-chain.test, not refuse-chain.test: add this MX record to dev.refuse-chain.test instead.',
    );
    expect((await post('dev', 'TXT', 'hello')).status).toBe(409);
    // The delegation itself and glue addresses are the parent's to hold.
    expect((await post('dev', 'NS', 'ns1.dev.refuse-chain.test.')).status).toBe(201);
    expect((await post('ns1.dev', 'A', '192.0.2.53')).status).toBe(201);
    // Names beside the child are the parent's own.
    expect((await post('devx', 'TXT', 'mine')).status).toBe(201);
    // A zone below the child: its delegation is the child's to hold, not the parent's.
    await zone('deep.dev.refuse-chain.test', false);
    const deep = await post('deep.dev', 'NS', 'ns1.example.net.');
    expect(deep.status).toBe(409);
    expect(deep.body.error.details.zone).toBe('dev.refuse-chain.test');

    const batch = await server.admin.post(`/v1/zones/${parentId}/records/batch`, {
      operations: [
        { op: 'create', name: 'ok', type: 'TXT', content: 'fine' },
        { op: 'create', name: 'x.dev', type: 'TXT', content: 'no' },
      ],
    });
    expect(batch.status).toBe(409);
    expect(batch.body.error.message).toMatch(/^operations\[1\]: dev\.refuse-chain\.test is a zone/);
    expect(batch.body.error.details).toMatchObject({ index: 1, zone: 'dev.refuse-chain.test' });
  });

  it('skips the lines of a zone file that belong in a child, saying where they go', async () => {
    const parentId = await zone('import-chain.test', false);
    await zone('dev.import-chain.test', false);
    const file = [
      '$ORIGIN import-chain.test.',
      'mine 300 IN TXT "stays"',
      'www.dev 300 IN TXT "belongs in the child"',
      'dev 300 IN NS ns1.dev.import-chain.test.',
      'ns1.dev 300 IN A 192.0.2.53',
    ].join('\n');
    const r = await server.admin.post(`/v1/zones/${parentId}/import`, { zone_file: file });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const skipped = r.body.data.skipped as { line: number; reason: string; message: string }[];
    expect(skipped).toEqual([
      {
        line: 3,
        reason: 'other_zone',
        name: 'www.dev.import-chain.test.',
        type: 'TXT',
        message:
          'dev.import-chain.test is a zone of its own here, and it answers for www.dev.import-chain.test: import this line into dev.import-chain.test instead.',
      },
    ]);
    const list = await server.admin.get(`/v1/zones/${parentId}/records`);
    const names = (list.body.data.records as { name: string; type: string }[]).map(
      (x) => `${x.name} ${x.type}`,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'mine.import-chain.test. TXT',
        'dev.import-chain.test. NS',
        'ns1.dev.import-chain.test. A',
      ]),
    );
    expect(names).not.toContain('www.dev.import-chain.test. TXT');

    // A parent created after its child, from a file, skips them too.
    await zone('kid.late-parent.test', false);
    const made = await server.admin.post('/v1/zones', {
      name: 'late-parent.test',
      zone_file:
        'www.kid.late-parent.test. 300 IN MX 10 mail.example.net.\nwww 300 IN A 192.0.2.1\n',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.zone_file.skipped).toMatchObject([
      { line: 1, reason: 'other_zone', type: 'MX' },
    ]);
    const records = await server.admin.get(`/v1/zones/${made.body.data.id}/records`);
    expect(
      (records.body.data.records as { name: string; type: string }[]).map((x) => x.type),
    ).toEqual(['A']);
  });

  it('says so when the parent is disabled', async () => {
    const parentId = await zone('off-chain.test', true);
    const childId = await zone('kid.off-chain.test', true);
    const off = await server.admin.put(`/v1/zones/${parentId}`, { status: 'disabled' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await parentZone(childId)).toMatchObject({
      enabled: false,
      signed: true,
      holds_ds: false,
    });
  });
});

describe('the parent’s transferred form', () => {
  const parent = 'xfr-chain.test';
  const soaSerial = async () =>
    Number((await digAt(server.service.dnsPort, parent, 'SOA')).records[0]!.data.split(' ')[2]);

  it('holds the child’s NS and signed DS, with a new serial when they change', async () => {
    await zone(parent, true);
    const child = `kid.${parent}`;
    const childId = await zone(child, false);
    const before = await soaSerial();

    await dnssec(childId, { enabled: true });
    await vi.waitFor(async () => expect(await soaSerial()).toBeGreaterThan(before), {
      timeout: 10_000,
    });
    const xfr = await digXfr(server.service.dnsPort, parent, 'AXFR');
    const at = xfr.records.filter((r) => r.name === `${child}.`);
    const childNs = (await digAt(server.service.dnsPort, child, 'NS')).records.map((r) => r.data);
    expect(at.filter((r) => r.type === 'NS').map((r) => r.data)).toEqual(
      expect.arrayContaining(childNs),
    );
    expect(new Set(at.map((r) => r.type))).toEqual(new Set(['DS', 'NS', 'NSEC', 'RRSIG']));
    const ds = at.find((r) => r.type === 'DS')!;
    expect(sameDs(ds.data, await sha256Ds(childId))).toBe(true);
    expect(at.filter((r) => r.type === 'RRSIG').map((r) => r.data.split(' ')[0])).toEqual(
      expect.arrayContaining(['DS', 'NSEC']),
    );
    expect(at.find((r) => r.type === 'NSEC')!.data).toMatch(/ NS DS RRSIG NSEC$/);

    const signed = await soaSerial();
    await dnssec(childId, { enabled: false });
    await vi.waitFor(async () => expect(await soaSerial()).toBeGreaterThan(signed), {
      timeout: 10_000,
    });
    const after = await digXfr(server.service.dnsPort, parent, 'AXFR');
    expect(after.records.filter((r) => r.name === `${child}.`).map((r) => r.type)).not.toContain(
      'DS',
    );
  });

  it('gets a new serial when a child is created, asks for its DS’s removal, or is deleted', async () => {
    const top = 'xfr-serials.test';
    await zone(top, true);
    const serialOf = async () =>
      Number((await digAt(server.service.dnsPort, top, 'SOA')).records[0]!.data.split(' ')[2]);
    const moves = async (step: () => Promise<unknown>) => {
      const before = await serialOf();
      await step();
      await vi.waitFor(async () => expect(await serialOf()).toBeGreaterThan(before), {
        timeout: 10_000,
      });
    };
    const cutTypes = async () =>
      (await digXfr(server.service.dnsPort, top, 'AXFR')).records
        .filter((r) => r.name === `kid.${top}.`)
        .map((r) => r.type);

    let id = '';
    await moves(async () => (id = await zone(`kid.${top}`, true)));
    expect(await cutTypes()).toContain('DS');
    await moves(() => dnssec(id, { ds_removal: true }));
    expect(await cutTypes()).not.toContain('DS');
    expect(await cutTypes()).toContain('NS');
    await moves(async () => {
      const del = await server.admin.delete(`/v1/zones/${id}`);
      expect(del.status).toBe(202);
    });
    expect(await cutTypes()).toEqual([]);
  });
});
