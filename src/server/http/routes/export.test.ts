// The zone-file export over real HTTP: headers and body, SOA and apex NS as served, scopes,
// other customers' zones, BIND's named-checkzone, the round trip, and a zone of several pages.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordType } from '../../../shared/dns/records/index';
import { contentKey, parseZoneFile } from '../../../shared/dns/zone-file/index';
import { EVERY_TYPE } from '../../test-support/every-type';
import { seedRecords } from '../../test-support/seed';
import {
  createZone,
  startTestServer,
  type Json,
  type TestServer,
} from '../../test-support/harness';
import { EXPORT_PAGE } from './export';

const run = promisify(execFile);
const CHECKZONE = process.env.NAMED_CHECKZONE ?? '/usr/bin/named-checkzone';
const dir = mkdtempSync(join(tmpdir(), 'zonedeck-export-'));

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ API_RATE_LIMIT: '0' });
});
afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

const exportOf = (z: string, c = srv.admin) => c.get(`/v1/zones/${z}/export`);
async function add(z: string, body: Json) {
  const r = await srv.admin.post(`/v1/zones/${z}/records`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}
async function zoneOf(z: string) {
  return (await srv.admin.get(`/v1/zones/${z}`)).body.data as Json;
}

describe('export', () => {
  it('answers the file as an attachment: SOA and NS as served, RRsets with TTL, comment, disabled values', async () => {
    const z = await createZone(srv.admin, 'export-basic.com');
    await add(z, { name: 'www', type: 'A', content: '192.0.2.1', ttl: 600, comment: 'web front' });
    await add(z, { name: 'www', type: 'A', content: '192.0.2.2', ttl: 600, disabled: true });
    await add(z, { name: '@', type: 'MX', content: '10 mx.example.net.' });
    await add(z, { name: '@', type: 'TXT', content: '"v=spf1 -all"' });
    const zone = await zoneOf(z);
    const r = await exportOf(z);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/dns; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe(
      'attachment; filename="export-basic.com.zone"',
    );
    const ns = zone.nameservers as string[];
    const dot = (n: string) => (n.endsWith('.') ? n : `${n}.`);
    const serial = (
      await srv.store.db
        .selectFrom('zones')
        .select('serial')
        .where('id', '=', z)
        .executeTakeFirstOrThrow()
    ).serial;
    expect(r.body).toBe(
      [
        '$ORIGIN export-basic.com.',
        `$TTL ${zone.ttl}`,
        `@\t${zone.ttl}\tIN\tSOA\t${dot(ns[0]!)} hostmaster.export-basic.com. ${serial} 3600 600 604800 300`,
        ...ns.map((n) => `@\t${zone.ttl}\tIN\tNS\t${dot(n)}`),
        `@\t3600\tIN\tMX\t10 mx.example.net.`,
        `@\t3600\tIN\tTXT\t"v=spf1 -all"`,
        '; web front',
        'www\t600\tIN\tA\t192.0.2.1',
        '; disabled: www\t600\tIN\tA\t192.0.2.2',
        '',
      ].join('\n'),
    );
  });

  it('needs records:read, and hides other customers’ zones', async () => {
    const z = await createZone(srv.admin, 'export-scopes.com');
    const noRecords = srv.client(await srv.key('acme', ['zones:read']));
    const r = await exportOf(z, noRecords);
    expect(r.status).toBe(403);
    expect(r.body.error.details.required).toContain('records:read');
    const other = srv.client(await srv.key('globex'));
    const o = await exportOf(z, other);
    expect(o.status).toBe(404);
    expect(o.body.error.code).toBe('zone_not_found');
    const doc = (await srv.admin.get('/v1/openapi.json')).body as Json;
    expect(Object.keys(doc.paths['/v1/zones/{zone_id}/export'].get.responses[200].content)).toEqual(
      ['text/dns'],
    );
  });

  it('exports a zone with every type that named-checkzone accepts and that parses back to the same records', async () => {
    const name = 'export-every.com';
    const z = await createZone(srv.admin, name);
    for (const [owner, type, contents, disabled] of EVERY_TYPE) {
      for (const content of contents)
        await add(z, { name: owner, type, content, comment: `${type} here` });
      if (disabled) await add(z, { name: owner, type, content: disabled, disabled: true });
    }
    const r = await exportOf(z);
    expect(r.status).toBe(200);
    const text = r.body as string;
    const file = join(dir, `${name}.zone`);
    writeFileSync(file, text);
    const { stdout } = await run(CHECKZONE, ['-k', 'fail', '-i', 'local', name, file]).catch(
      (e: { stdout?: string; stderr?: string }) => {
        throw new Error(
          `named-checkzone refused the file:\n${e.stdout ?? ''}${e.stderr ?? ''}\n${text}`,
        );
      },
    );
    expect(stdout).toMatch(/OK/);

    const parsed = parseZoneFile(text, { origin: name });
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped.map((s) => s.reason)).toEqual(['soa']);
    const zone = await zoneOf(z);
    expect(parsed.skipped[0]?.soa?.rname).toBe(`hostmaster.${name}.`);
    const apexNs = parsed.entries.filter((e) => e.type === 'NS' && e.name === `${name}.`);
    expect(apexNs.map((e) => e.content.replace(/\.$/, ''))).toEqual(
      (zone.nameservers as string[]).map((n) => n.replace(/\.$/, '')),
    );
    const key = (n: string, t: string, c: string, d: boolean) =>
      `${n} ${t} ${contentKey(t as RecordType, c)} ${d}`;
    const stored = (await srv.admin.get(`/v1/zones/${z}/records?limit=1000`)).body.data
      .records as Json[];
    const want = stored.map((rec) => key(rec.name, rec.type, rec.content, rec.disabled)).sort();
    const got = parsed.entries
      .filter((e) => !apexNs.includes(e))
      .map((e) => key(e.name.replace(/\.$/, ''), e.type, e.content, e.disabled))
      .sort();
    expect(got).toEqual(want.map((w) => w.replace(/^(\S+?)\.? /, '$1 ')));
  });

  it('exports every record of a zone of several pages exactly once', async () => {
    const name = 'export-big.com';
    const z = await createZone(srv.admin, name);
    const COUNT = Math.floor(EXPORT_PAGE * 2.25);
    await seedRecords(srv.store.db, z, COUNT, (i) => ({
      name: `h${i % 1500}.${name}.`,
      type: 'A',
      content: `10.0.${i >> 8}.${i & 255}`,
    }));
    const r = await exportOf(z);
    expect(r.status).toBe(200);
    const lines = (r.body as string).split('\n').filter((l) => /\tIN\tA\t/.test(l));
    expect(lines).toHaveLength(COUNT);
    expect(new Set(lines).size).toBe(COUNT);
  }, 60_000);
});
