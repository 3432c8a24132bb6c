// The change feed's payloads (ADR 0021): an event larger than PostgreSQL's 8,000-byte limit for a
// notification, counted in bytes (UTF-8 text in TXT records), is sent as a reference to the
// journal; the write succeeds and is served. On SQLite there is no feed: the same writes work.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dig } from '../test-support/dns-tools';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

it('writes and serves a record whose event is over 8,000 bytes only in UTF-8', async () => {
  const id = await createZone(server.admin, 'feed-payload.example');
  // 36 strings of 80 three-byte characters: 2,880 characters, 8,640 bytes of UTF-8: under the
  // limit counted in characters, over it in bytes.
  const chars = '日'.repeat(80);
  const content = Array.from({ length: 36 }, () => `"${chars}"`).join(' ');
  const r = await server.admin.post(`/v1/zones/${id}/records`, {
    name: 'big',
    type: 'TXT',
    content,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const answer = await dig(server.service.dnsPort, 'big.feed-payload.example', 'TXT');
  expect(answer.status).toBe('NOERROR');
  const txt = answer.records.filter((rr) => rr.type === 'TXT');
  expect(txt).toHaveLength(1);
  expect(txt[0]!.data).toMatch(/\\230\\151\\165|日/);
});
