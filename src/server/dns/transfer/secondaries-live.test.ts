// Zonedeck as the primary of real Knot, NSD and BIND secondaries: a zone created through the API
// is served there, a change arrives by NOTIFY and IXFR, a deleted zone leaves the catalog
// consumers, and a wrong TSIG key is refused both ways.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { dig } from '../../test-support/dns-tools';
import { createZone, zoneSerial } from '../../test-support/harness';
import type { SecondaryKind } from '../../test-support/secondaries';
import type { TsigKey } from '../../test-support/secondary';
import { XFR_KEY, zonedeckWithSecondary } from '../../test-support/zonedeck-primary';

const FIRST = 30_000;
// A bound, not the budget (bench:transfer measures that): the secondaries refresh every 10 s at
// most, so the notifier's acknowledgement below is what proves a NOTIFY did it.
const NOTIFIED = 8_000;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((f) => f()));
  cleanup = [];
});

async function setUp(kind: SecondaryKind, zone: string, key: TsigKey = XFR_KEY) {
  const both = await zonedeckWithSecondary(kind, [zone], key);
  cleanup.push(() => both.close());
  return both;
}

const serialOf = zoneSerial;
async function addresses(port: number, name: string) {
  return (await dig(port, name, 'A')).records.filter((r) => r.type === 'A').map((r) => r.data);
}

describe.each<SecondaryKind>(['knot', 'nsd', 'bind'])('%s as a secondary of Zonedeck', (kind) => {
  it('serves a zone made through the API, then each change by NOTIFY and IXFR', async () => {
    const zone = `live-${kind}.test`;
    const { srv, secondary } = await setUp(kind, zone);
    const z = await createZone(srv.admin, zone);
    const add = (content: string) =>
      srv.admin.post(`/v1/zones/${z}/records`, { name: 'www', type: 'A', content, ttl: 300 });
    expect((await add('192.0.2.1')).status).toBe(201);
    await secondary.waitForSerial(zone, await serialOf(srv, z), FIRST);
    expect(await addresses(secondary.port, `www.${zone}.`)).toEqual(['192.0.2.1']);

    for (const content of ['192.0.2.2', '192.0.2.3']) {
      const asked = Date.now();
      expect((await add(content)).status).toBe(201);
      const serial = await serialOf(srv, z);
      await secondary.waitForSerial(zone, serial, NOTIFIED);
      console.info(`${kind}: serial ${serial} served ${Date.now() - asked} ms after the write`);
      const ack = [...srv.service.transfers.notifier.status.values()].find((s) => s.zone === zone);
      await expect.poll(() => ack?.acknowledgedAt ?? null).not.toBeNull();
    }
    expect((await addresses(secondary.port, `www.${zone}.`)).sort()).toEqual([
      '192.0.2.1',
      '192.0.2.2',
      '192.0.2.3',
    ]);
    // Our side: the changes went out as IXFR; the engine's log says the same where it logs it.
    const ours = srv.service.transfers.transfers.recent.filter((t) => t.zone === zone);
    expect(ours.slice(-2).map((t) => t.result)).toEqual(['ixfr', 'ixfr']);
    const logged = secondary.transfers(zone);
    if (logged) expect(logged.slice(-2)).toEqual(['IXFR', 'IXFR']);

    if (kind !== 'nsd') {
      // A catalog consumer drops a zone the catalog no longer lists.
      expect((await srv.admin.delete(`/v1/zones/${z}`)).status).toBe(202);
      await secondary.waitForGone(zone, FIRST);
    }
  }, 120_000);

  it('never gets a zone with a wrong TSIG secret, and refuses our NOTIFY', async () => {
    const zone = `wrong-key-${kind}.test`;
    const wrong = { ...XFR_KEY, secret: randomBytes(32).toString('base64') };
    const { srv, secondary } = await setUp(kind, zone, wrong);
    const z = await createZone(srv.admin, zone);
    await srv.admin.post(`/v1/zones/${z}/records`, { name: 'a', type: 'A', content: '192.0.2.1' });
    const transfers = srv.service.transfers;
    // Refused on our side: its SOA queries (and transfers, when it tries one) get BADSIG.
    await expect
      .poll(() => transfers.transfers.tsigFailures, { timeout: FIRST })
      .toBeGreaterThan(0);
    await expect.poll(() => secondary.sawTsigRefusal(), { timeout: FIRST }).toBe(true);
    // Our NOTIFY signed with the right key: the secondary answers BADSIG, which is no ack.
    const notified = [...transfers.notifier.status.values()].filter((s) => s.zone === zone);
    expect(notified.length).toBeGreaterThan(0);
    await expect.poll(() => notified[0]!.tries, { timeout: FIRST }).toBeGreaterThan(1);
    expect(notified.every((s) => s.acknowledgedAt === null)).toBe(true);
    expect(await secondary.serialOf(zone)).toBeNull();
    expect(transfers.transfers.recent.some((t) => t.zone === zone && t.result === 'axfr')).toBe(
      false,
    );
  }, 120_000);
});
