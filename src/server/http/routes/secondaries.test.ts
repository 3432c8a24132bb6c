// GET …/secondaries and POST …/secondaries/notify against a real Knot secondary: in sync, then
// unreachable while it is stopped, behind by the changes it missed after its restart until
// "Send NOTIFY", then in sync again; a secondary without the zone is "refused".
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createZone,
  expectError,
  startTestServer,
  type Json,
  type TestServer,
  zoneSerial,
} from '../../test-support/harness';
import { newSerial } from '../../store/zones';
import {
  zonedeckWithSecondary,
  type PrimaryAndSecondary,
} from '../../test-support/zonedeck-primary';

const ZONE = 'propagation.test';
let both: PrimaryAndSecondary;
let z: string;
beforeAll(async () => {
  // NSD: zones configured one by one, so a zone it does not have is easy to show.
  both = await zonedeckWithSecondary('nsd', [ZONE]);
  z = await createZone(both.srv.admin, ZONE);
}, 60_000);
afterAll(async () => {
  await both.close();
});

const statusOf = async (zoneId = z, c = both.srv.admin) => {
  const r = await c.get(`/v1/zones/${zoneId}/secondaries`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Json;
};
const serialOf = () => zoneSerial(both.srv, z);
const change = (content: string) =>
  both.srv.admin.post(`/v1/zones/${z}/records`, { name: 'www', type: 'A', content });

describe('secondaries', () => {
  it('in sync, unreachable while stopped, behind after a missed change, in sync after NOTIFY', async () => {
    const target = `127.0.0.1:${both.secondary.port}`;
    const book = both.srv.service.transfers.arrivals.book;
    expect((await change('192.0.2.1')).status).toBe(201);
    const first = await serialOf();
    await both.secondary.waitForSerial(ZONE, first, 30_000);
    // Seen arriving by the service's own SOA queries after the NOTIFY: nobody asked the route.
    await expect.poll(() => book.arrivedAt(z, target, first), { timeout: 5_000 }).not.toBeNull();
    const synced = await statusOf();
    expect(synced).toMatchObject({ zone_id: z, serial: first, transferable: true });
    expect(synced.secondaries).toHaveLength(1);
    const s0 = synced.secondaries[0];
    expect(s0).toMatchObject({
      target,
      signed: true,
      state: 'in_sync',
      serial: first,
      behind_changes: 0,
      last_seen_serial: first,
      last_seen_at: s0.checked_at,
    });
    expect(s0.last_notify.acknowledged_at).not.toBeNull();
    expect(s0.arrivals[0]).toEqual({ serial: first, at: s0.last_change_arrived_at });
    // The change was made, then arrived: within seconds on a loaded machine (well under one
    // on an idle one; bench:transfer measures it).
    const made = Date.parse(s0.last_change_made_at);
    const arrived = Date.parse(s0.last_change_arrived_at);
    expect(arrived).toBeGreaterThanOrEqual(made);
    expect(arrived - made).toBeLessThan(5_000);

    await both.secondary.stop();
    expect((await change('192.0.2.2')).status).toBe(201);
    expect((await change('192.0.2.3')).status).toBe(201);
    // Unreachable, but what it served last is known: two changes behind since then.
    expect((await statusOf()).secondaries[0]).toMatchObject({
      state: 'unreachable',
      serial: null,
      last_seen_serial: first,
      last_seen_at: s0.checked_at,
      behind_changes: 2,
      last_change_arrived_at: s0.last_change_arrived_at,
    });

    // Restarted, it serves what it had (its refresh comes later): two changes behind.
    await both.secondary.restart();
    await expect.poll(() => both.secondary.serialOf(ZONE), { timeout: 30_000 }).not.toBeNull();
    const behind = (await statusOf()).secondaries[0];
    if (behind.state === 'behind')
      expect(behind).toMatchObject({ serial: first, behind_changes: 2 });
    else expect(behind.state).toBe('in_sync'); // it refreshed first on its own

    const sent = await both.srv.admin.post(`/v1/zones/${z}/secondaries/notify`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const last = await serialOf();
    expect(sent.body.data).toMatchObject({ zone_id: z, serial: last, targets: [target] });
    await both.secondary.waitForSerial(ZONE, last, 10_000);
    await expect.poll(() => book.arrivedAt(z, target, last), { timeout: 5_000 }).not.toBeNull();
    const after = (await statusOf()).secondaries[0];
    expect(after).toMatchObject({ state: 'in_sync', behind_changes: 0, last_seen_serial: last });
    expect(after.arrivals.map((a: Json) => a.serial).slice(0, 2)).toEqual([last, first]);
    expect(after.last_change_arrived_at).toBe(after.arrivals[0].at);
  }, 120_000);

  it('says "refused" for a secondary that does not have the zone', async () => {
    const other = await createZone(both.srv.admin, 'not-on-nsd.test');
    const s = (await statusOf(other)).secondaries[0];
    expect(s.state).toBe('refused');
    expect(s.detail).toMatch(/REFUSED|NOTAUTH|no SOA/);
  });

  it('needs zones:read to look and zones:write to notify; other customers get 404', async () => {
    const reader = both.srv.client(await both.srv.key('acme', ['zones:read']));
    expect((await reader.get(`/v1/zones/${z}/secondaries`)).status).toBe(200);
    expectError(await reader.post(`/v1/zones/${z}/secondaries/notify`), 403, 'insufficient_scope');
    const stranger = both.srv.client(await both.srv.key('globex'));
    expectError(await stranger.get(`/v1/zones/${z}/secondaries`), 404, 'zone_not_found');
  });
});

describe('a secondary that answers an old serial', () => {
  it('is behind by the changes since that serial, or by an unknown count past the journal', async () => {
    // A UDP "secondary" that answers every SOA query with the serial it is told to hold.
    const fake = dgram.createSocket('udp4');
    await new Promise<void>((r) => fake.bind(0, '127.0.0.1', () => r()));
    let holds = 0;
    fake.on('message', (m, from) => {
      const q = dnsPacket.decode(m);
      if (((m[2]! >> 3) & 0x0f) === 4) return; // a NOTIFY: not answered here
      const soa = {
        mname: 'ns.x.',
        rname: 'h.x.',
        serial: holds,
        refresh: 1,
        retry: 1,
        expire: 1,
        minimum: 1,
      };
      const answer = dnsPacket.encode({
        id: q.id,
        type: 'response',
        flags: dnsPacket.AUTHORITATIVE_ANSWER,
        questions: q.questions,
        answers: [{ type: 'SOA', name: q.questions![0]!.name, data: soa }],
      });
      fake.send(answer, from.port, from.address);
    });
    const srv = await startTestServer({
      API_RATE_LIMIT: '0',
      DNS_NOTIFY: `127.0.0.1:${fake.address().port}`,
    });
    try {
      const zone = await createZone(srv.admin, 'behind.test');
      const serial = () => zoneSerial(srv, zone);
      holds = await serial();
      for (const content of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
        await srv.admin.post(`/v1/zones/${zone}/records`, { name: 'a', type: 'A', content });
      const get = async () => (await srv.admin.get(`/v1/zones/${zone}/secondaries`)).body.data;
      expect((await get()).secondaries[0]).toMatchObject({
        state: 'behind',
        serial: holds,
        behind_changes: 3,
        signed: false,
      });
      holds = 12345; // older than the zone's creation: the journal does not reach back to it
      expect((await get()).secondaries[0]).toMatchObject({ state: 'behind', behind_changes: null });
      holds = await serial();
      expect((await get()).secondaries[0]).toMatchObject({ state: 'in_sync', behind_changes: 0 });

      // A new serial with no journal entry (a re-signing): behind, by no change of its own…
      const before = await serial();
      await newSerial(srv.store, zone);
      const bumped = await serial();
      expect(bumped).not.toBe(before);
      expect((await get()).secondaries[0]).toMatchObject({
        state: 'behind',
        serial: before,
        behind_changes: 0,
      });
      // …and a secondary at that serial is one change behind the next, which the journal has.
      holds = bumped;
      await srv.admin.post(`/v1/zones/${zone}/records`, {
        name: 'b',
        type: 'A',
        content: '192.0.2.9',
      });
      expect((await get()).secondaries[0]).toMatchObject({ state: 'behind', behind_changes: 1 });
    } finally {
      await srv.close();
      fake.close();
    }
  });
});

describe('without secondaries configured', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ API_RATE_LIMIT: '0' });
  });
  afterAll(async () => {
    await srv.close();
  });

  it('lists none; a signed zone is transferred, a disabled one is not and says why', async () => {
    const zone = await createZone(srv.admin, 'lonely.test');
    const r = await srv.admin.get(`/v1/zones/${zone}/secondaries`);
    expect(r.body.data).toMatchObject({ transferable: true, reason: null, secondaries: [] });
    await srv.admin.patch(`/v1/zones/${zone}/dnssec/status`, { enabled: true });
    const signed = (await srv.admin.get(`/v1/zones/${zone}/secondaries`)).body.data;
    expect(signed).toMatchObject({ transferable: true, reason: null });
    await srv.admin.put(`/v1/zones/${zone}`, { status: 'disabled' });
    const disabled = (await srv.admin.get(`/v1/zones/${zone}/secondaries`)).body.data;
    expect(disabled.transferable).toBe(false);
    expect(disabled.reason).toMatch(/The zone is disabled/);
  });
});
