// DNSSEC of a zone over real HTTP (usage: usage.test.ts); the DS records are checked against BIND's
// own dnssec-dsfromkey, not against our code.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createZone,
  startTestServer,
  type ApiAnswer,
  type Json,
  type TestServer,
} from '../../test-support/harness';

const run = promisify(execFile);
const ALGORITHM = 'ECDSAP256SHA256';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function expectError(r: ApiAnswer<Json>, status: number, code: string) {
  expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status, code });
  expect(r.body.error.message).toMatch(/\S/);
}
const data = async (p: Promise<ApiAnswer<Json>>) => {
  const r = await p;
  expect(r.status).toBe(200);
  return r.body.data;
};
const dnssec = (zoneId: string) => {
  const base = `/v1/zones/${zoneId}/dnssec`;
  return {
    status: () => data(server.admin.get(`${base}/status`)),
    patch: (body: unknown) => server.admin.patch(`${base}/status`, body),
    keys: async () => (await data(server.admin.get(`${base}/cryptokeys`))).cryptokeys,
    ds: async () => (await data(server.admin.get(`${base}/ds`))).ds_records,
  };
};

/** The DS line that BIND's dnssec-dsfromkey computes from a DNSKEY: `<keytag> 13 <type> <HEX>`. */
async function dsFromKey(zone: string, dnskey: string, digest: '-2' | 'SHA-384'): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-ds-'));
  try {
    const file = path.join(dir, 'dnskey');
    fs.writeFileSync(file, `${zone}. 3600 IN DNSKEY ${dnskey}\n`);
    const args = digest === '-2' ? ['-2'] : ['-a', digest];
    const { stdout } = await run('/usr/bin/dnssec-dsfromkey', [...args, '-f', file, zone]);
    const m = /\sIN\s+DS\s+(\d+)\s+(\d+)\s+(\d+)\s+([0-9A-Fa-f\s]+)$/.exec(stdout.trim());
    if (!m) throw new Error(`unexpected dnssec-dsfromkey output: ${stdout}`);
    return `${m[1]} ${m[2]} ${m[3]} ${m[4]!.replace(/\s/g, '').toUpperCase()}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('DNSSEC', () => {
  let zoneId: string;
  let z: ReturnType<typeof dnssec>;
  beforeAll(async () => {
    zoneId = await createZone(server.admin, 'signed.example');
    z = dnssec(zoneId);
  });

  it('is off for a new zone, with empty key and DS lists', async () => {
    expect(await z.status()).toEqual({
      zone_id: zoneId,
      enabled: false,
      algorithm: null,
      key_count: 0,
      ds_removal_requested_at: null,
    });
    expect(await z.keys()).toEqual([]);
    expect(await z.ds()).toEqual([]);
  });

  it('turns on with one ECDSA P-256 combined signing key', async () => {
    const r = await z.patch({ enabled: true });
    expect(r.status).toBe(200);
    const on = {
      zone_id: zoneId,
      enabled: true,
      algorithm: ALGORITHM,
      key_count: 1,
      ds_removal_requested_at: null,
    };
    expect(r.body.data).toEqual(on);
    expect(await z.status()).toEqual(on);

    const keys = await z.keys();
    expect(keys).toHaveLength(1);
    const k = keys[0];
    expect(k).toMatchObject({
      keytype: 'csk',
      active: true,
      published: true,
      algorithm: ALGORITHM,
      bits: 256,
      flags: 257,
    });
    expect(k.id).toMatch(/\S/);
    expect(Number.isInteger(k.keytag) && k.keytag >= 0 && k.keytag <= 65535).toBe(true);
    const m = /^257 3 13 ([A-Za-z0-9+/]+={0,2})$/.exec(k.dnskey);
    expect(m).not.toBeNull();
    expect(Buffer.from(m![1]!, 'base64')).toHaveLength(64);
    expect(k.ds).toHaveLength(2);
    expect(k.ds[0]).toMatch(new RegExp(`^${k.keytag} 13 2 [0-9A-F]{64}$`));
    expect(k.ds[1]).toMatch(new RegExp(`^${k.keytag} 13 4 [0-9A-F]{96}$`));
    expect(await z.ds()).toEqual(k.ds);
    expect(JSON.stringify(keys)).not.toMatch(/private|pkcs8/i);
  });

  it('gives DS records that BIND computes the same from the DNSKEY', async () => {
    const [k] = await z.keys();
    const expected = [
      await dsFromKey('signed.example', k.dnskey, '-2'),
      await dsFromKey('signed.example', k.dnskey, 'SHA-384'),
    ];
    expect(expected.map((d) => d.split(' ')[0])).toEqual([String(k.keytag), String(k.keytag)]);
    expect((await z.ds()).map((d: string) => d.toUpperCase())).toEqual(expected);
  });

  it('keeps the same key when enabled again, also through the compat field enable', async () => {
    const [before] = await z.keys();
    expect((await z.patch({ enabled: true })).body.data.key_count).toBe(1);
    const compat = await z.patch({ enable: true });
    expect(compat.status).toBe(200);
    expect(compat.body.data).toMatchObject({ enabled: true, key_count: 1 });
    expect(await z.keys()).toEqual([before]);
  });

  it.each([[{}], [{ enabled: 'yes' }], [{ enable: 1 }]])(
    'refuses %j as invalid_request',
    async (body) => {
      expectError(await z.patch(body), 400, 'invalid_request');
      expect((await z.status()).enabled).toBe(true);
    },
  );

  it('deletes the keys when turned off, and makes a new key when turned on again', async () => {
    const [old] = await z.keys();
    const off = await z.patch({ enabled: false });
    expect(off.body.data).toEqual({
      zone_id: zoneId,
      enabled: false,
      algorithm: null,
      key_count: 0,
      ds_removal_requested_at: null,
    });
    expect(await z.keys()).toEqual([]);
    expect(await z.ds()).toEqual([]);

    expect((await z.patch({ enable: true })).body.data.key_count).toBe(1);
    const [fresh] = await z.keys();
    expect(fresh.dnskey).not.toBe(old.dnskey);
    expect(fresh.ds).not.toEqual(old.ds);
    expect(await z.ds()).toEqual([
      await dsFromKey('signed.example', fresh.dnskey, '-2'),
      await dsFromKey('signed.example', fresh.dnskey, 'SHA-384'),
    ]);
  });

  it('computes the DS over the zone name as the registrar sees it (IDN zone)', async () => {
    const idn = await createZone(server.admin, 'zürich.example');
    const d = dnssec(idn);
    await d.patch({ enabled: true });
    const [k] = await d.keys();
    expect(await d.ds()).toEqual([
      await dsFromKey('xn--zrich-kva.example', k.dnskey, '-2'),
      await dsFromKey('xn--zrich-kva.example', k.dnskey, 'SHA-384'),
    ]);
  });
});
