// The DNS server answers from the reverted state on the very next query (real dig), for a
// revert of a single edit and of a batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '../test-support/dns-tools';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';

let srv: TestServer;
const port = () => srv.service.dnsPort!;
const answers = async (name: string, type: string) =>
  (await dig(port(), name, type)).records
    .filter((r) => r.type === type)
    .map((r) => [r.data, r.ttl]);

beforeAll(async () => {
  srv = await startTestServer({ API_RATE_LIMIT: '0' });
});
afterAll(() => srv.close());

describe('revert over DNS', () => {
  it('serves the old value and TTL right after the revert of an edit', async () => {
    const api = srv.admin;
    const z = await createZone(api, 'revert-dns.test');
    const recs = `/v1/zones/${z}/records`;
    const a = await api.post(recs, { name: 'www', type: 'A', content: '192.0.2.1', ttl: 300 });
    await api.put(`${recs}/${a.body.data.record.id}`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.99',
      ttl: 900,
    });
    expect(await answers('www.revert-dns.test', 'A')).toEqual([['192.0.2.99', 900]]);
    const [edit] = (await api.get(`/v1/zones/${z}/changes`)).body.data.changes;
    expect((await api.post(`/v1/zones/${z}/changes/${edit.id}/revert`, {})).status).toBe(200);
    expect(await answers('www.revert-dns.test', 'A')).toEqual([['192.0.2.1', 300]]);
  });

  it('serves a batch at once, and nothing of it after its revert', async () => {
    const api = srv.admin;
    const z = await createZone(api, 'batch-dns.test');
    const b = await api.post(`/v1/zones/${z}/records/batch`, {
      operations: [
        { op: 'create', name: 'x', type: 'TXT', content: '"one"' },
        { op: 'create', name: 'y', type: 'A', content: '192.0.2.5' },
      ],
    });
    expect(b.status).toBe(200);
    expect(await answers('x.batch-dns.test', 'TXT')).toEqual([['"one"', 3600]]);
    expect(await answers('y.batch-dns.test', 'A')).toEqual([['192.0.2.5', 3600]]);
    await api.post(`/v1/zones/${z}/changes/${b.body.data.change_id}/revert`, {});
    expect((await dig(port(), 'y.batch-dns.test', 'A')).status).toBe('NXDOMAIN');
    expect(await answers('x.batch-dns.test', 'TXT')).toEqual([]);
  });
});
