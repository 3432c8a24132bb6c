// /service.json tells the dashboard where the DNS server listens, without a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /service.json', () => {
  it('names the DNS server host and the port it really listens on', async () => {
    const r = await server.client().get('/service.json');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ dns: { host: '127.0.0.1', port: server.service.dnsPort } });
    expect(server.service.dnsPort).toBeGreaterThan(0);
  });
});
