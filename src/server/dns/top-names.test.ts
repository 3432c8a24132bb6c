// Top names per zone and day with the real `dig` against the in-process server: exact counts and
// ranks while a day has fewer names than slots; a flood of thousands of distinct junk names
// (one `dig -f` batch) keeps the sketch's slots bounded and does not push out a name asked more
// than total/slots; NXDOMAIN names are listed under nxdomain only. From memory, then flushed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { utcDay } from '../../shared/api';
import { dig } from '../test-support/dns-tools';
import { createZone, startTestServer, type Json, type TestServer } from '../test-support/harness';
import { TOP_NAME_SLOTS } from './top-names';

const run = promisify(execFile);

let server: TestServer;
beforeAll(async () => {
  if (!fs.existsSync('/usr/bin/dig'))
    throw new Error('/usr/bin/dig is missing: apt-get install -y dnsutils');
  // dig asks from one address: rate limiting would slip some answers, which are not counted.
  server = await startTestServer({ DNS_RRL_RATE: '0' });
}, 120_000);
afterAll(() => server?.close());

async function topNames(zoneId: string, date = utcDay(Date.now())): Promise<Json> {
  const r = await server.admin.get(`/v1/zones/${zoneId}/usage/top-names?date=${date}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function ask(n: number, name: string, type: string, status: string) {
  for (let i = 0; i < n; i++) {
    const a = await dig(server.service.dnsPort, name, type);
    expect(a.status, a.text).toBe(status);
  }
}

async function storedRows(zoneId: string): Promise<number> {
  const r = await server.store.db
    .selectFrom('usage_top_names')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('zone_id', '=', zoneId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('top names by zone and day', () => {
  it('ranks names by exact counts, NXDOMAIN names in their own list only', async () => {
    const zone = 'ranks.top.test';
    const id = await createZone(server.admin, zone);
    for (const name of ['www', 'mail', 'api']) {
      const r = await server.admin.post(`/v1/zones/${id}/records`, {
        name,
        type: 'A',
        content: '192.0.2.7',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const day = utcDay(Date.now());
    await ask(3, `www.${zone}`, 'A', 'NOERROR');
    await ask(2, `WWW.Ranks.${zone.slice(6)}`, 'AAAA', 'NOERROR'); // one name, any case
    await ask(3, `mail.${zone}`, 'A', 'NOERROR');
    await ask(4, `typo.${zone}`, 'A', 'NXDOMAIN');
    await ask(1, `api.${zone}`, 'TXT', 'NOERROR');
    await ask(2, `gone.${zone}`, 'MX', 'NXDOMAIN');
    const expected = {
      date: day,
      asked: [
        { name: `www.${zone}.`, queries: 5, error: 0 },
        { name: `typo.${zone}.`, queries: 4, error: 0 },
        { name: `mail.${zone}.`, queries: 3, error: 0 },
        { name: `gone.${zone}.`, queries: 2, error: 0 },
        { name: `api.${zone}.`, queries: 1, error: 0 },
      ],
      nxdomain: [
        { name: `typo.${zone}.`, queries: 4, error: 0 },
        { name: `gone.${zone}.`, queries: 2, error: 0 },
      ],
    };
    // From memory (the flush runs every 3 s), then from the table once flushed.
    expect(await topNames(id, day)).toEqual(expected);
    await vi.waitFor(async () => expect(await storedRows(id)).toBe(7), {
      timeout: 10_000,
      interval: 200,
    });
    expect(await topNames(id, day)).toEqual(expected);
    // The day before has nothing.
    const before = utcDay(Date.now() - 86_400_000);
    expect(await topNames(id, before)).toEqual({ date: before, asked: [], nxdomain: [] });
  }, 120_000);

  it('keeps a real name through a flood of distinct junk names, in bounded slots', async () => {
    const zone = 'flood.top.test';
    const id = await createZone(server.admin, zone);
    const r = await server.admin.post(`/v1/zones/${id}/records`, {
      name: 'shop',
      type: 'A',
      content: '192.0.2.8',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // 3,000 junk names and the real one 100 times between them: 100 > 3,100 / 64 slots.
    const junk = 3000;
    const real = 100;
    const lines: string[] = [];
    for (let i = 0; i < junk; i++) {
      lines.push(`j${i}x.${zone} A`);
      if (i % (junk / real) === 0) lines.push(`shop.${zone} A`);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'top-flood-'));
    try {
      const batch = path.join(dir, 'batch.txt');
      fs.writeFileSync(batch, lines.join('\n') + '\n');
      const port = String(server.service.dnsPort);
      const args = ['@127.0.0.1', '-p', port, '+norec', '+tries=1', '+time=3', '+noall'];
      const { stdout } = await run('/usr/bin/dig', [...args, '+comments', '-f', batch], {
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(stdout.match(/status: NXDOMAIN/g)).toHaveLength(junk);
      expect(stdout.match(/status: NOERROR/g)).toHaveLength(real);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    const day = utcDay(Date.now());
    const sketches = server.service.usage.topNames.day(id, day);
    expect(sketches.asked.size).toBe(TOP_NAME_SLOTS);
    expect(sketches.nxdomain.size).toBe(TOP_NAME_SLOTS);
    expect(sketches.asked.total).toBe(junk + real);

    const check = (top: Json) => {
      expect(top.asked).toHaveLength(20);
      expect(top.nxdomain).toHaveLength(20);
      // The real name leads; its count bounds the truth from above, count − error from below.
      const first = top.asked[0];
      expect(first.name).toBe(`shop.${zone}.`);
      expect(first.queries).toBeGreaterThanOrEqual(real);
      expect(first.queries - first.error).toBeLessThanOrEqual(real);
      for (const e of [...top.asked, ...top.nxdomain])
        expect(e.error).toBeLessThanOrEqual((junk + real) / TOP_NAME_SLOTS);
      // Junk got NXDOMAIN, each name once: every listed one says it may be over-counted.
      for (const e of top.nxdomain as Json[]) {
        expect(e.name).toMatch(new RegExp(`^j\\d+x\\.flood\\.top\\.test\\.$`));
        expect(e.queries - e.error).toBeLessThanOrEqual(1);
      }
    };
    check(await topNames(id, day));
    // Flushed: two sketches' slots at most, never one row per junk name.
    await vi.waitFor(async () => expect(await storedRows(id)).toBe(2 * TOP_NAME_SLOTS), {
      timeout: 10_000,
      interval: 200,
    });
    check(await topNames(id, day));
  }, 120_000);
});
