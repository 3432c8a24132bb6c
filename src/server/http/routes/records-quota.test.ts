// The per-zone record quota over real HTTP (QUOTA_RECORDS_PER_ZONE): a clear 403 past it, nothing
// half-written, exactly the quota let through when creates race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createZone,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test-support/harness';

const records = (c: TestClient, zoneId: string) =>
  c
    .get(`/v1/zones/${zoneId}/records?limit=1000`)
    .then((r) => r.body.data.records as { id: string }[]);

describe('the per-zone record quota', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ QUOTA_RECORDS_PER_ZONE: '5' });
  });
  afterAll(() => small.close());

  it('refuses the record past the quota with 403 quota_exceeded, until one is deleted', async () => {
    const c = small.admin;
    const id = await createZone(c, 'quota.example');
    for (let i = 0; i < 5; i++) {
      const r = await c.post(`/v1/zones/${id}/records`, {
        name: `h${i}`,
        type: 'A',
        content: '192.0.2.1',
      });
      expect(r.status).toBe(201);
    }
    const before = await records(c, id);
    const over = await c.post(`/v1/zones/${id}/records`, {
      name: 'h5',
      type: 'A',
      content: '192.0.2.1',
    });
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('quota_exceeded');
    expect(over.body.error.details).toEqual({ quota: 'records_per_zone', limit: 5, used: 5 });
    const message = over.body.error.message as string;
    expect(message).toMatch(/delete records/);
    expect(message).toContain('QUOTA_RECORDS_PER_ZONE');
    expect(await records(c, id)).toEqual(before);

    // The quota is per zone: another zone of the same customer still takes records.
    const other = await createZone(c, 'quota-two.example');
    expect(
      (await c.post(`/v1/zones/${other}/records`, { name: 'a', type: 'A', content: '192.0.2.1' }))
        .status,
    ).toBe(201);

    expect((await c.delete(`/v1/zones/${id}/records/${before[0]!.id}`)).status).toBe(200);
    const again = await c.post(`/v1/zones/${id}/records`, {
      name: 'h5',
      type: 'A',
      content: '192.0.2.1',
    });
    expect(again.status).toBe(201);
  });

  it('lets exactly the quota through when creates race', async () => {
    const c = small.admin;
    const id = await createZone(c, 'quota-race.example');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.post(`/v1/zones/${id}/records`, { name: `r${i}`, type: 'A', content: '192.0.2.1' }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(7);
    expect(await records(c, id)).toHaveLength(5);
  });
});
