// Transfers under TSIG, read by dig: a listed key may transfer from anywhere, a wrong secret or
// an unknown key gets the TSIG error, and a signed SOA query (as secondaries send) a signed answer.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digXfr } from '../../test-support/dns-tools';
import { createZone, startTestServer, type TestServer } from '../../test-support/harness';

const SECRET = randomBytes(32).toString('base64');
const OTHER = randomBytes(32).toString('base64');
let srv: TestServer;
let zoneId: string;
beforeAll(async () => {
  srv = await startTestServer({
    API_RATE_LIMIT: '0',
    DNS_TSIG_KEYS: `xfr-key:hmac-sha256:${SECRET}, other-key:hmac-sha512:${OTHER}`,
    // Only the key: an address entry that is not ours, so the key alone lets the tests in.
    DNS_TRANSFER_ALLOW: '192.0.2.1, key:xfr-key',
  });
  const z = await createZone(srv.admin, 'tsig-xfr.test');
  zoneId = z;
  const r = await srv.admin.post(`/v1/zones/${z}/records`, {
    name: 'www',
    type: 'A',
    content: '192.0.2.1',
  });
  expect(r.status).toBe(201);
});
afterAll(async () => {
  await srv.close();
});

const xfr = (...options: string[]) =>
  digXfr(srv.service.dnsPort, 'tsig-xfr.test', 'AXFR', ...options);

describe('TSIG', () => {
  it('lets the listed key transfer, every message signed', async () => {
    const x = await xfr('-y', `hmac-sha256:xfr-key:${SECRET}`);
    expect(x.text, x.text).not.toMatch(/failure|failed|BADSIG|BADKEY|BADTIME/i);
    expect(x.text).toMatch(/TSIG\thmac-sha256. .* NOERROR/);
    expect(x.records.filter((r) => r.type === 'SOA')).toHaveLength(2);
    expect(x.records.some((r) => r.name === 'www.tsig-xfr.test.')).toBe(true);
  });

  it('refuses without a key, with a key not listed, with a wrong secret', async () => {
    const none = await xfr();
    expect(none.records).toEqual([]);
    expect(none.text).toMatch(/Transfer failed|REFUSED/);
    const unlisted = await xfr('-y', `hmac-sha512:other-key:${OTHER}`);
    expect(unlisted.records).toEqual([]);
    const wrong = await xfr('-y', `hmac-sha256:xfr-key:${OTHER}`);
    expect(wrong.records).toEqual([]);
    expect(wrong.text).toMatch(/BADSIG|tsig|NOTAUTH|failed/i);
    const unknown = await xfr('-y', `hmac-sha256:nobody:${SECRET}`);
    expect(unknown.records).toEqual([]);
  });

  it('signs the answer to a signed SOA query, over UDP and TCP', async () => {
    for (const transport of ['+notcp', '+tcp']) {
      const x = await digXfr(
        srv.service.dnsPort,
        'tsig-xfr.test',
        'SOA',
        transport,
        '-y',
        `hmac-sha256:xfr-key:${SECRET}`,
      );
      expect(x.text, transport).toMatch(/status: NOERROR/);
      expect(x.text).not.toMatch(/failure|expected a TSIG|tsig verify/i);
      expect(x.records.map((r) => r.type)).toEqual(['SOA']);
    }
  });

  it("counts a query whose TSIG fails in no zone's usage (not even the last one asked)", async () => {
    const usage = async () =>
      ((await srv.admin.get(`/v1/zones/${zoneId}/usage`)).body.data as { queries: number }).queries;
    const soa = await digXfr(srv.service.dnsPort, 'tsig-xfr.test', 'SOA', '+notcp');
    expect(soa.records.map((r) => r.type)).toEqual(['SOA']);
    const before = await usage();
    // Anyone can send a TSIG of a key we do not know: it is answered BADKEY, for no zone.
    for (const transport of ['+notcp', '+tcp']) {
      const bad = await digXfr(
        srv.service.dnsPort,
        'elsewhere.example',
        'A',
        transport,
        '-y',
        `hmac-sha256:nobody:${SECRET}`,
      );
      expect(bad.text, transport).toMatch(/BADKEY|tsig/i);
    }
    expect(await usage()).toBe(before);
  });
});
