// Cached answers at an ALIAS name depend on the target's zone: the NSEC of a NODATA answer lists
// A and AAAA only when the target has them, so a change in the target's zone must rebuild it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '../test-support/dns-tools';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function addRecord(zoneId: string, name: string, type: string, content: string) {
  const r = await server.admin.post(`/v1/zones/${zoneId}/records`, { name, type, content });
  if (r.status !== 201) throw new Error(`record create failed: ${JSON.stringify(r.body)}`);
  return r.body.data.record as { id: string };
}

/** The types the NSEC at `name` lists in a signed NODATA answer for TXT. */
async function nsecTypes(name: string): Promise<string[]> {
  const r = await dig(server.service.dnsPort, name, 'TXT', '+dnssec');
  expect(r.status).toBe('NOERROR');
  const nsec = r.records.find((rr) => rr.type === 'NSEC' && rr.name === `${name}.`);
  if (!nsec) throw new Error(`no NSEC at ${name}:\n${r.text}`);
  return nsec.data.split(/\s+/).slice(1).sort();
}

describe('an ALIAS whose target lives in another hosted zone', () => {
  it('rebuilds its cached NODATA proof when the target zone changes', async () => {
    const target = 'target.alias-deps.test';
    const zone = 'source.alias-deps.test';
    const targetId = await createZone(server.admin, target);
    const a = await addRecord(targetId, 'www', 'A', '192.0.2.30');
    const id = await createZone(server.admin, zone);
    await addRecord(id, 'app', 'ALIAS', `www.${target}.`);
    const on = await server.admin.patch(`/v1/zones/${id}/dnssec/status`, { enabled: true });
    expect(on.status).toBe(200);
    const name = `app.${zone}`;

    expect(await nsecTypes(name)).toEqual(['A', 'NSEC', 'RRSIG']);
    expect(await nsecTypes(name)).toEqual(['A', 'NSEC', 'RRSIG']); // now from the cache

    expect((await server.admin.delete(`/v1/zones/${targetId}/records/${a.id}`)).status).toBe(200);
    expect(await nsecTypes(name)).toEqual(['NSEC', 'RRSIG']);

    await addRecord(targetId, 'www', 'AAAA', '2001:db8::30');
    expect(await nsecTypes(name)).toEqual(['AAAA', 'NSEC', 'RRSIG']);
  });
});

describe('a target zone switched off and on again', () => {
  it('rebuilds the cached answers of the ALIAS and CNAME names that lead into it', async () => {
    const target = 'target.switch.alias-deps.test';
    const zone = 'source.switch.alias-deps.test';
    const targetId = await createZone(server.admin, target);
    await addRecord(targetId, 'www', 'A', '192.0.2.31');
    const id = await createZone(server.admin, zone);
    await addRecord(id, 'app', 'ALIAS', `www.${target}.`);
    await addRecord(id, 'link', 'CNAME', `www.${target}.`);
    const port = server.service.dnsPort;
    const answers = async () =>
      Promise.all(
        [`app.${zone}`, `link.${zone}`].map(async (name) =>
          (await dig(port, name, 'A')).records.map((rr) => `${rr.name} ${rr.type} ${rr.data}`),
        ),
      );
    const on = [
      [`app.${zone}. A 192.0.2.31`],
      [`link.${zone}. CNAME www.${target}.`, `www.${target}. A 192.0.2.31`],
    ];
    const off = [[`${zone}. SOA`], [`link.${zone}. CNAME www.${target}.`]];
    const withoutSoaData = (a: string[][]) =>
      a.map((rrs) => rrs.map((rr) => rr.replace(/ SOA .*/, ' SOA')));

    expect(await answers()).toEqual(on);
    const status = (s: string) => server.admin.put(`/v1/zones/${targetId}`, { status: s });
    expect((await status('disabled')).status).toBe(200);
    expect(withoutSoaData(await answers())).toEqual(off);
    expect((await status('active')).status).toBe(200);
    expect(await answers()).toEqual(on);
  });
});
