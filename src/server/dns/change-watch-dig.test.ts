// The change watch, exact, with the real `dig` against the in-process server: a record answered
// before is deleted through the API, the queries dig sends after it are counted per name, type and
// outcome as failed or not, the verdict turns to an alert, and the revert brings the answer back.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '../test-support/dns-tools';
import { createZone, startTestServer, type Json, type TestServer } from '../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  if (!fs.existsSync('/usr/bin/dig'))
    throw new Error('/usr/bin/dig is missing: apt-get install -y dnsutils');
  // dig asks from one address: rate limiting would slip some answers, which are not counted.
  server = await startTestServer({ DNS_RRL_RATE: '0' });
}, 120_000);
afterAll(() => server?.close());

async function ask(n: number, name: string, type: string, status: string) {
  for (let i = 0; i < n; i++) {
    const a = await dig(server.service.dnsPort, name, type);
    expect(a.status, a.text).toBe(status);
  }
}

async function watched(zoneId: string): Promise<Json[]> {
  const r = await server.admin.get(`/v1/zones/${zoneId}/usage/watch`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.changes;
}

describe('change watch with dig', () => {
  it('counts the failures a delete causes, alerts from 10, and stops at the revert', async () => {
    const zone = 'watch-dig.test';
    const id = await createZone(server.admin, zone);
    const www = await server.admin.post(`/v1/zones/${id}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
    });
    expect(www.status, JSON.stringify(www.body)).toBe(201);
    await server.admin.post(`/v1/zones/${id}/records`, {
      name: 'mail',
      type: 'A',
      content: '192.0.2.2',
    });
    await ask(3, `www.${zone}`, 'A', 'NOERROR');

    const del = await server.admin.delete(`/v1/zones/${id}/records/${www.body.data.record.id}`);
    expect(del.status).toBe(200);
    const [deleted] = (await server.admin.get(`/v1/zones/${id}/changes`)).body.data.changes;
    await ask(9, `www.${zone}`, 'A', 'NXDOMAIN');
    await ask(3, `www.${zone}`, 'AAAA', 'NXDOMAIN'); // NODATA before: not the change's failure
    await ask(2, `mail.${zone}`, 'A', 'NOERROR'); // not a name of the change

    let [w] = await watched(id);
    expect(w.change_id).toBe(deleted.id);
    expect(w.summary).toBe(deleted.summary);
    expect(w.names).toEqual([
      {
        name: `www.${zone}.`,
        before: { answered_types: ['A'], every_type_answered: false, other_types: 'nodata' },
        after: {
          answer: 0,
          nxdomain: 12,
          nodata: 0,
          failed: { nxdomain: 9, nodata: 0, by_type: { A: 9 } },
        },
      },
    ]);
    expect(w.failed).toBe(9);
    const sum = (k: string) => w.minutes.reduce((s: number, m: Json) => s + m[k], 0);
    expect([sum('answer'), sum('nxdomain'), sum('nodata'), sum('failed')]).toEqual([0, 12, 0, 9]);
    expect(w.verdict.status).toBe('ok');

    await ask(1, `www.${zone}`, 'A', 'NXDOMAIN');
    [w] = await watched(id);
    expect(w.failed).toBe(10);
    expect(w.verdict).toEqual({
      status: 'alert',
      reason: `10 queries for www.${zone}. got NXDOMAIN. Before the change they were answered.`,
    });

    const rev = await server.admin.post(`/v1/zones/${id}/changes/${deleted.id}/revert`, {});
    expect(rev.status, JSON.stringify(rev.body)).toBe(200);
    const answer = await dig(server.service.dnsPort, `www.${zone}`, 'A');
    expect(answer.records.map((r) => r.data)).toEqual(['192.0.2.1']);
    await ask(2, `www.${zone}`, 'A', 'NOERROR');
    const [revert, original] = await watched(id);
    expect(revert.change_id).toBe(rev.body.data.change_id);
    expect(revert.verdict.status).toBe('ok');
    expect(revert.names[0].after.answer).toBe(3);
    expect(original.change_id).toBe(deleted.id);
    expect(original.failed).toBe(10);
    expect(original.reverted_by).toBe(rev.body.data.change_id);
    expect(original.verdict.status).toBe('reverted');
  }, 120_000);
});
