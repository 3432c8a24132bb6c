// The longest zone name the API takes is one the DNS server can answer for: every SOA it sends
// names hostmaster.<zone>, which must itself be a DNS name (at most 253 characters). A longer
// zone stored before that limit gets the provider's mailbox instead.
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { soaMailbox } from '../../shared/dns/names';
import { soaValues } from '../zones/soa';
import { ZoneView } from './zone-view';
import { dig } from '../test-support/dns-tools';
import { createZone, expectError, startTestServer, type TestServer } from '../test-support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ API_RATE_LIMIT: '0' });
});
afterAll(() => srv.close());

const LONGEST = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}`;

it('answers for a zone of 242 characters: its SOA, NXDOMAIN and NODATA', async () => {
  expect(LONGEST).toHaveLength(242);
  const z = await createZone(srv.admin, LONGEST);
  const put = await srv.admin.post(`/v1/zones/${z}/records`, {
    name: 'w',
    type: 'A',
    content: '192.0.2.1',
  });
  expect(put.status, JSON.stringify(put.body)).toBe(201);
  const port = srv.service.dnsPort;
  const soa = await dig(port, LONGEST, 'SOA');
  expect(soa.status).toBe('NOERROR');
  expect(soa.records[0]?.data).toContain(`hostmaster.${LONGEST}.`);
  expect((await dig(port, `nope.${LONGEST}`, 'A')).status).toBe('NXDOMAIN');
  const nodata = await dig(port, `w.${LONGEST}`, 'MX');
  expect(nodata.status).toBe('NOERROR');
  expect(nodata.records.map((r) => r.type)).toEqual(['SOA']);
});

it('refuses a zone of 243 characters, saying why', async () => {
  const r = await srv.admin.post('/v1/zones', { name: `${LONGEST}d` });
  expectError(r, 400, 'invalid_zone_name');
  expect(r.body.error.message).toMatch(/at most 242, so that its SOA's mailbox/);
});

it("a zone of up to 253 characters stored before the limit gets the provider's mailbox, and its SOA encodes", () => {
  const longer = `${LONGEST.slice(0, 238)}.${'e'.repeat(14)}`;
  expect(longer).toHaveLength(253);
  expect(soaMailbox(LONGEST, 'ns1.eu.zonedeck.example.')).toBe(`hostmaster.${LONGEST}`);
  expect(soaMailbox(longer, 'ns1.eu.zonedeck.example.')).toBe('hostmaster.eu.zonedeck.example');
  // No nameserver configured: the zone's own ns. is as long, and the mailbox a reserved name.
  expect(soaMailbox(longer, `ns.${longer}.`)).toBe('hostmaster.invalid');
  expect(soaValues(longer, ['ns1.eu.zonedeck.example'], 1).rname).toBe(
    'hostmaster.eu.zonedeck.example.',
  );
  // What the DNS server sends: the SOA RDATA decodes, and its mailbox is a DNS name.
  const view = new ZoneView('z', longer, true, 7, 3600, ['ns1.eu.zonedeck.example'], null);
  const rdata = view.soa().rdatas[0]!;
  const length = Buffer.alloc(2);
  length.writeUInt16BE(rdata.length);
  // dns-packet's own SOA codec (its types leave the per-type codecs out).
  const codec = (dnsPacket as unknown as { soa: { decode(b: Buffer): object } }).soa;
  const soa = codec.decode(Buffer.concat([length, rdata]));
  expect(soa).toMatchObject({ rname: 'hostmaster.eu.zonedeck.example', serial: 7 });
});
