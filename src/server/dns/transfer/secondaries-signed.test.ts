// A signed zone served by real Knot, NSD and BIND secondaries: none of them signs it, so what
// they answer comes from the signed form we transfer. `delv`, given only the DS our API shows,
// must fully validate each one's positive answers, its NXDOMAIN and its NODATA, before and after
// a change that reaches it by IXFR; our own server's answers validate with the same DS.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { delv } from '../../test-support/dns-tools';
import { createZone, zoneSerial } from '../../test-support/harness';
import type { SecondaryKind } from '../../test-support/secondaries';
import {
  type PrimaryAndSecondary,
  zonedeckWithSecondary,
} from '../../test-support/zonedeck-primary';

const FULLY = '; fully validated';
const NEGATIVE = '; negative response, fully validated';

describe.each<SecondaryKind>(['knot', 'nsd', 'bind'])('%s', (kind) => {
  const ZONE = `signed-${kind}.test`;
  // A signed zone hosted below it: the parent's form holds its NS and DS (ADR 0030).
  const CHILD = `kid.${ZONE}`;
  let both: PrimaryAndSecondary;
  let zoneId: string;
  let ds: string;
  beforeAll(async () => {
    both = await zonedeckWithSecondary(kind, [ZONE, CHILD]);
    const { srv } = both;
    const childId = await createZone(srv.admin, CHILD);
    const childA = { name: 'www', type: 'A', content: '192.0.2.2' };
    expect((await srv.admin.post(`/v1/zones/${childId}/records`, childA)).status).toBe(201);
    const signed = await srv.admin.patch(`/v1/zones/${childId}/dnssec/status`, { enabled: true });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    zoneId = await createZone(srv.admin, ZONE);
    for (const [name, type, content] of [
      ['www', 'A', '192.0.2.1'],
      ['*.wild', 'A', '192.0.2.9'],
      ['deep.below', 'TXT', '"under an empty non-terminal"'],
    ]) {
      const r = await srv.admin.post(`/v1/zones/${zoneId}/records`, { name, type, content });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const on = await srv.admin.patch(`/v1/zones/${zoneId}/dnssec/status`, { enabled: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const r = await srv.admin.get(`/v1/zones/${zoneId}/dnssec/ds`);
    ds = (r.body.data.ds_records as string[]).find((d) => d.split(' ')[2] === '2')!;
    await both.secondary.waitForSerial(ZONE, await zoneSerial(srv, zoneId), 30_000);
    await both.secondary.waitForSerial(CHILD, await zoneSerial(srv, childId), 30_000);
  }, 120_000);
  afterAll(() => both.close());

  const theirs = (name: string, type: string) => delv(both.secondary.port, ZONE, ds, name, type);

  describe('a signed zone on the secondary', () => {
    it('validates with the DS from our API: an answer, a wildcard, NXDOMAIN, NODATA, CDS', async () => {
      expect(await theirs(`www.${ZONE}`, 'A')).toContain(FULLY);
      expect(await theirs(`any.wild.${ZONE}`, 'A')).toContain(FULLY);
      expect(await theirs(`nope.${ZONE}`, 'A')).toContain(NEGATIVE);
      expect(await theirs(`www.${ZONE}`, 'MX')).toContain(NEGATIVE);
      expect(await theirs(`below.${ZONE}`, 'A')).toContain(NEGATIVE); // the empty non-terminal
      // A parent that reads CDS asks every nameserver of the zone: the secondaries serve it too.
      for (const type of ['CDS', 'CDNSKEY']) {
        const out = await theirs(ZONE, type);
        expect(out).toContain(FULLY);
        expect(out).toMatch(new RegExp(`\\sIN\\s+${type}\\s`));
      }
      // Our own answers (minimally covering NSEC) validate with the same DS.
      const ours = both.srv.service.dnsPort;
      expect(await delv(ours, ZONE, ds, `nope.${ZONE}`, 'A')).toContain(NEGATIVE);
    }, 60_000);

    it('leads a validator from the parent’s DS into the child zone hosted below it', async () => {
      // The secondary serves both, and answers the child's DS from the parent's form.
      const out = await theirs(`www.${CHILD}`, 'A');
      expect(out).toContain(FULLY);
      expect(out).toMatch(/\sIN\s+A\s+192\.0\.2\.2$/m);
      expect(await theirs(CHILD, 'DS')).toContain(FULLY);
    }, 60_000);

    it('takes a child signed later: the parent’s new serial brings its DS', async () => {
      const { srv, secondary } = both;
      const late = `late.${ZONE}`;
      const created = await zoneSerial(srv, zoneId);
      const lateId = await createZone(srv.admin, late);
      // The child's creation gives the parent a serial of its own (its NS at the cut) first.
      await vi.waitFor(async () => expect(await zoneSerial(srv, zoneId)).toBeGreaterThan(created), {
        timeout: 10_000,
      });
      const before = await zoneSerial(srv, zoneId);
      const on = await srv.admin.patch(`/v1/zones/${lateId}/dnssec/status`, { enabled: true });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      // The parent's serial moves by itself (ADR 0030), and the secondary follows it.
      await vi.waitFor(async () => expect(await zoneSerial(srv, zoneId)).toBeGreaterThan(before), {
        timeout: 10_000,
      });
      await secondary.waitForSerial(ZONE, await zoneSerial(srv, zoneId), 15_000);
      const out = await theirs(late, 'DS');
      expect(out).toContain(FULLY);
      expect(out).toMatch(/\sIN\s+DS\s/);
    }, 60_000);

    it('takes a change by IXFR, and still validates', async () => {
      const { srv, secondary } = both;
      const r = await srv.admin.post(`/v1/zones/${zoneId}/records`, {
        name: 'added',
        type: 'A',
        content: '192.0.2.77',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      await secondary.waitForSerial(ZONE, await zoneSerial(srv, zoneId), 8_000);
      const ours = srv.service.transfers.transfers.recent.filter((t) => t.zone === ZONE);
      expect(ours.at(-1)?.result).toBe('ixfr');
      const logged = secondary.transfers(ZONE);
      if (logged) expect(logged.at(-1)).toBe('IXFR');
      expect(await theirs(`added.${ZONE}`, 'A')).toContain(FULLY);
      expect(await theirs(`www.${ZONE}`, 'A')).toContain(FULLY);
      // The name just before the new one in the chain now points to it: still a valid denial.
      expect(await theirs(`addeb.${ZONE}`, 'A')).toContain(NEGATIVE);
    }, 60_000);
  });
});
