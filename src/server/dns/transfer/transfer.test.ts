// Outgoing zone transfers over real TCP, read by `dig`: AXFR whole and in several messages,
// IXFR from the journal (and its fall-backs to AXFR), who is refused, and malformed requests.
import dgram from 'node:dgram';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digXfr } from '../../test-support/dns-tools';
import {
  createZone,
  startTestServer,
  type TestServer,
  zoneSerial,
} from '../../test-support/harness';

let srv: TestServer;
let closed: TestServer;
beforeAll(async () => {
  srv = await startTestServer({
    API_RATE_LIMIT: '0',
    DNS_TRANSFER_ALLOW: '127.0.0.0/8',
    DNS_CATALOG_ZONE: 'catalog.zonedeck.internal.',
  });
  // The default: nobody may transfer.
  closed = await startTestServer({ API_RATE_LIMIT: '0' });
});
afterAll(async () => {
  await srv.close();
  await closed.close();
});

const port = () => srv.service.dnsPort;
async function add(s: TestServer, z: string, body: Record<string, unknown>) {
  const r = await s.admin.post(`/v1/zones/${z}/records`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.record as { id: string };
}
const serialOf = (z: string) => zoneSerial(srv, z);
const lines = (rrs: { name: string; ttl: number; type: string; data: string }[]) =>
  rrs.map((r) => `${r.name} ${r.ttl} ${r.type} ${r.data}`);

function query(name: string, qtype: number, extra = Buffer.alloc(0), nscount = 0) {
  const h = Buffer.alloc(12);
  h.writeUInt16BE(0x1234, 0);
  h.writeUInt16BE(1, 4);
  h.writeUInt16BE(nscount, 8);
  const labels = name
    .split('.')
    .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)]));
  const q = Buffer.alloc(4);
  q.writeUInt16BE(qtype, 0);
  q.writeUInt16BE(1, 2);
  return Buffer.concat([h, ...labels, Buffer.from([0]), q, extra]);
}

function udpExchange(p: number, msg: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const s = dgram.createSocket('udp4');
    const timer = setTimeout(() => (s.close(), reject(new Error('no UDP answer'))), 3000);
    s.on('message', (m) => {
      clearTimeout(timer);
      s.close();
      resolve(m);
    });
    s.send(msg, p, '127.0.0.1');
  });
}

describe('AXFR', () => {
  it('sends the zone as served: SOA first and last, apex NS, enabled values, ALIAS as A', async () => {
    const z = await createZone(srv.admin, 'axfr-basic.test');
    await add(srv, z, { name: 'www', type: 'A', content: '192.0.2.1', ttl: 600 });
    await add(srv, z, { name: 'www', type: 'A', content: '192.0.2.2', ttl: 600, disabled: true });
    await add(srv, z, { name: '@', type: 'MX', content: '10 mail.axfr-basic.test.' });
    await add(srv, z, { name: 'lb', type: 'ALIAS', content: 'www.axfr-basic.test.' });
    const x = await digXfr(port(), 'axfr-basic.test', 'AXFR');
    const soa = x.records[0]!;
    expect(soa.type, x.text).toBe('SOA');
    expect(soa.data.split(' ')[2]).toBe(String(await serialOf(z)));
    expect(x.records.at(-1)).toEqual(soa);
    expect(lines(x.records.slice(1, -1)).sort()).toEqual(
      [
        'axfr-basic.test. 3600 MX 10 mail.axfr-basic.test.',
        'axfr-basic.test. 3600 NS ns1.eu.zonedeck.example.',
        'axfr-basic.test. 3600 NS ns1.global.zonedeck.example.',
        'axfr-basic.test. 3600 NS ns2.eu.zonedeck.example.',
        'axfr-basic.test. 3600 NS ns2.global.zonedeck.example.',
        'lb.axfr-basic.test. 600 A 192.0.2.1',
        'www.axfr-basic.test. 600 A 192.0.2.1',
      ].sort(),
    );
  });

  it('spreads a large zone over several messages, every record once', async () => {
    const z = await createZone(srv.admin, 'axfr-large.test');
    const operations = Array.from({ length: 3000 }, (_, i) => ({
      op: 'create',
      name: `host-${i}`,
      type: 'TXT',
      content: `"record number ${i} with some text to make it longer"`,
    }));
    const b = await srv.admin.post(`/v1/zones/${z}/records/batch`, { operations });
    expect(b.status, JSON.stringify(b.body).slice(0, 300)).toBe(200);
    const x = await digXfr(port(), 'axfr-large.test', 'AXFR');
    expect(x.messages).toBeGreaterThan(3);
    const txt = x.records.filter((r) => r.type === 'TXT').map((r) => r.name);
    expect(new Set(txt).size).toBe(3000);
    expect(txt).toHaveLength(3000);
    expect(x.records.filter((r) => r.type === 'SOA')).toHaveLength(2);
  });

  it('refuses a client not allowed and a zone we do not serve', async () => {
    const zc = await createZone(closed.admin, 'axfr-closed.test');
    await add(closed, zc, { name: 'www', type: 'A', content: '192.0.2.1' });
    const refused = await digXfr(closed.service.dnsPort, 'axfr-closed.test', 'AXFR');
    expect(refused.records).toEqual([]);
    expect(refused.text).toMatch(/Transfer failed|REFUSED/);

    const notOurs = await digXfr(port(), 'not-hosted.test', 'AXFR');
    expect(notOurs.records).toEqual([]);
    expect(notOurs.text).toMatch(/Transfer failed|NOTAUTH/);
    const below = await digXfr(port(), 'www.axfr-basic.test', 'AXFR');
    expect(below.records).toEqual([]);
  });

  it('answers AXFR over UDP with REFUSED, not the zone', async () => {
    await createZone(srv.admin, 'axfr-udp.test');
    const reply = await udpExchange(port(), query('axfr-udp.test', 252));
    expect(reply[3]! & 0x0f).toBe(5);
    expect(reply.readUInt16BE(6)).toBe(0);
  });
});

describe('IXFR', () => {
  it('sends the net difference since the client’s serial, from the journal', async () => {
    const z = await createZone(srv.admin, 'ixfr-delta.test');
    const www = await add(srv, z, { name: 'www', type: 'A', content: '192.0.2.1' });
    const old = await add(srv, z, { name: 'old', type: 'A', content: '192.0.2.50' });
    const from = await serialOf(z);
    await add(srv, z, { name: 'new', type: 'A', content: '192.0.2.9' });
    const put = await srv.admin.put(`/v1/zones/${z}/records/${www.id}`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.7',
      ttl: 3600,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await srv.admin.delete(`/v1/zones/${z}/records/${old.id}`)).status).toBe(200);
    const to = await serialOf(z);
    const x = await digXfr(port(), 'ixfr-delta.test', `IXFR=${from}`);
    const serials = x.records.filter((r) => r.type === 'SOA').map((r) => r.data.split(' ')[2]);
    expect(serials, x.text).toEqual([to, from, to, to].map(String));
    // SOA(to) SOA(from) <deleted> SOA(to) <added> SOA(to)
    const soaAt = x.records.flatMap((r, i) => (r.type === 'SOA' ? [i] : []));
    const del = lines(x.records.slice(soaAt[1]! + 1, soaAt[2]!)).sort();
    const added = lines(x.records.slice(soaAt[2]! + 1, soaAt[3]!)).sort();
    expect(del).toEqual([
      'old.ixfr-delta.test. 3600 A 192.0.2.50',
      'www.ixfr-delta.test. 3600 A 192.0.2.1',
    ]);
    expect(added).toEqual([
      'new.ixfr-delta.test. 3600 A 192.0.2.9',
      'www.ixfr-delta.test. 3600 A 192.0.2.7',
    ]);
  });

  it('answers an up-to-date client with the SOA alone', async () => {
    const z = await createZone(srv.admin, 'ixfr-current.test');
    await add(srv, z, { name: 'www', type: 'A', content: '192.0.2.1' });
    const x = await digXfr(port(), 'ixfr-current.test', `IXFR=${await serialOf(z)}`);
    expect(
      x.records.map((r) => r.type),
      x.text,
    ).toEqual(['SOA']);
  });

  it('falls back to AXFR for a serial nothing holds, a zone setting, or an ALIAS zone never sent', async () => {
    const z = await createZone(srv.admin, 'ixfr-fallback.test');
    await add(srv, z, { name: 'www', type: 'A', content: '192.0.2.1' });
    const unknown = await digXfr(port(), 'ixfr-fallback.test', 'IXFR=12345');
    expect(unknown.records.filter((r) => r.type === 'A')).toHaveLength(1);
    expect(unknown.records.filter((r) => r.type === 'NS')).toHaveLength(4);

    const from = await serialOf(z);
    const ttl = await srv.admin.put(`/v1/zones/${z}`, { ttl: 7200 });
    expect(ttl.status, JSON.stringify(ttl.body)).toBe(200);
    const afterTtl = await digXfr(port(), 'ixfr-fallback.test', `IXFR=${from}`);
    expect(afterTtl.records.filter((r) => r.type === 'NS').map((r) => r.ttl)).toEqual([
      7200, 7200, 7200, 7200,
    ]);

    const z2 = await createZone(srv.admin, 'ixfr-alias.test');
    await add(srv, z2, { name: 'www', type: 'A', content: '192.0.2.1' });
    await add(srv, z2, { name: 'lb', type: 'ALIAS', content: 'www.ixfr-alias.test.' });
    const from2 = await serialOf(z2);
    await add(srv, z2, { name: 'www', type: 'A', content: '192.0.2.2' });
    const x = await digXfr(port(), 'ixfr-alias.test', `IXFR=${from2}`);
    // Whole: the ALIAS's A values changed with www's, which the journal does not show.
    expect(lines(x.records.filter((r) => r.name === 'lb.ixfr-alias.test.')).sort()).toEqual([
      'lb.ixfr-alias.test. 3600 A 192.0.2.1',
      'lb.ixfr-alias.test. 3600 A 192.0.2.2',
    ]);
    // Once the zone went out at a serial, the next change goes as IXFR, from the differences
    // between what was sent then and now: the ALIAS's new address included.
    const sent = await digXfr(port(), 'ixfr-alias.test', 'AXFR');
    const from3 = Number(sent.records[0]!.data.split(' ')[2]);
    await add(srv, z2, { name: 'www', type: 'A', content: '192.0.2.3' });
    const inc = await digXfr(port(), 'ixfr-alias.test', `IXFR=${from3}`);
    expect(srv.service.transfers.transfers.recent.at(-1)?.result).toBe('ixfr');
    expect(lines(inc.records.filter((r) => r.type === 'A')).sort()).toEqual([
      'lb.ixfr-alias.test. 3600 A 192.0.2.3',
      'www.ixfr-alias.test. 3600 A 192.0.2.3',
    ]);
  });
});

describe('catalog zone', () => {
  const members = async () => {
    const x = await digXfr(port(), 'catalog.zonedeck.internal', 'AXFR');
    return {
      x,
      serial: Number(x.records[0]?.data.split(' ')[2]),
      zones: x.records.filter((r) => r.type === 'PTR').map((r) => r.data),
    };
  };

  it('lists every transferable zone as RFC 9432 version 2, and follows creations and deletions', async () => {
    const before = await members();
    const { x } = before;
    expect(x.records[0]?.type, x.text).toBe('SOA');
    expect(x.records.at(-1)?.type).toBe('SOA');
    expect(lines(x.records.filter((r) => r.type !== 'SOA' && r.type !== 'PTR'))).toEqual([
      'catalog.zonedeck.internal. 0 NS invalid.',
      'version.catalog.zonedeck.internal. 0 TXT "2"',
    ]);
    for (const r of x.records.filter((r) => r.type === 'PTR'))
      expect(r.name).toMatch(/^[0-9a-f]{20}\.zones\.catalog\.zonedeck\.internal\.$/);

    const z = await createZone(srv.admin, 'catalog-member.test');
    const added = await members();
    expect(added.zones).toContain('catalog-member.test.');
    expect(added.serial).toBeGreaterThan(before.serial);
    expect(added.zones).toHaveLength(before.zones.length + 1);

    expect((await srv.admin.delete(`/v1/zones/${z}`)).status).toBe(202);
    const removed = await members();
    expect(removed.zones).not.toContain('catalog-member.test.');
    expect(removed.serial).toBeGreaterThan(added.serial);
    const current = await digXfr(port(), 'catalog.zonedeck.internal', `IXFR=${removed.serial}`);
    expect(current.records.map((r) => r.type)).toEqual(['SOA']);
  });

  it('cannot be taken by a customer zone', async () => {
    for (const name of ['catalog.zonedeck.internal', 'x.catalog.zonedeck.internal']) {
      const r = await srv.admin.post('/v1/zones', { name });
      expect(r.status, name).toBe(400);
      expect(r.body.error.message).toMatch(/catalog zone/);
    }
  });

  it('leaves out disabled zones, and lists signed ones (transferred signed)', async () => {
    const z = await createZone(srv.admin, 'catalog-disabled.test');
    expect((await members()).zones).toContain('catalog-disabled.test.');
    const off = await srv.admin.put(`/v1/zones/${z}`, { status: 'disabled' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await members()).zones).not.toContain('catalog-disabled.test.');
    const zs = await createZone(srv.admin, 'catalog-signed.test');
    await srv.admin.patch(`/v1/zones/${zs}/dnssec/status`, { enabled: true });
    expect((await members()).zones).toContain('catalog-signed.test.');
  });
});

describe('malformed transfer requests', () => {
  /** Sends raw bytes on one TCP connection and resolves with what came back when it closes. */
  function tcpExchange(frames: Buffer[], endAfterMs = 300): Promise<Buffer> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      const s = net.connect(port(), '127.0.0.1', () => {
        for (const f of frames) s.write(f);
        setTimeout(() => s.end(), endAfterMs);
      });
      s.on('data', (c) => chunks.push(c));
      s.on('error', () => resolve(Buffer.concat(chunks)));
      s.on('close', () => resolve(Buffer.concat(chunks)));
    });
  }
  const framed = (b: Buffer) => {
    const f = Buffer.alloc(2 + b.length);
    f.writeUInt16BE(b.length, 0);
    b.copy(f, 2);
    return f;
  };
  it('never crashes: an IXFR without its SOA, a truncated SOA, a cut connection, random bytes', async () => {
    await createZone(srv.admin, 'xfr-fuzz.test');
    const noSoa = await tcpExchange([framed(query('xfr-fuzz.test', 251))]);
    expect(noSoa[5]! & 0x0f).toBe(1); // FORMERR
    const cutSoa = query('xfr-fuzz.test', 251, Buffer.from([0xc0, 0x0c, 0, 6, 0, 1, 0, 0]), 1);
    await tcpExchange([framed(cutSoa)]);
    const axfr = framed(query('xfr-fuzz.test', 252));
    await tcpExchange([axfr.subarray(0, 9)], 50);
    for (let i = 0; i < 50; i++) {
      const junk = Buffer.from(
        Array.from({ length: 12 + (i % 40) }, () => (Math.random() * 256) | 0),
      );
      junk.writeUInt16BE(1, 4);
      await tcpExchange([framed(junk), axfr], 30);
    }
    const x = await digXfr(port(), 'xfr-fuzz.test', 'AXFR');
    expect(x.records[0]?.type).toBe('SOA');
  });
});

describe('NOTIFY', () => {
  it('tells a secondary of each new serial and retries until it answers', async () => {
    const secondary = dgram.createSocket('udp4');
    await new Promise<void>((r) => secondary.bind(0, '127.0.0.1', () => r()));
    const got: Buffer[] = [];
    let answer = false;
    secondary.on('message', (m, rinfo) => {
      got.push(m);
      if (!answer) return;
      const reply = Buffer.from(m);
      reply[2] = reply[2]! | 0x80;
      secondary.send(reply, rinfo.port, rinfo.address);
    });
    const s = await startTestServer({
      API_RATE_LIMIT: '0',
      DNS_NOTIFY: `127.0.0.1:${secondary.address().port}`,
    });
    try {
      const z = await createZone(s.admin, 'notify-me.test');
      await add(s, z, { name: 'www', type: 'A', content: '192.0.2.1' });
      await new Promise((r) => setTimeout(r, 1600));
      // Not answered: the first NOTIFY of the record's serial, then a retry a second later.
      const opcodes = got.map((m) => (m[2]! >> 3) & 0x0f);
      expect(opcodes.every((o) => o === 4)).toBe(true);
      expect(got.length).toBeGreaterThanOrEqual(2);
      answer = true;
      await add(s, z, { name: 'www', type: 'A', content: '192.0.2.2' });
      await s.service.transfers.notifier.settled(5000);
      const status = [...s.service.transfers.notifier.status.values()];
      expect(status).toHaveLength(1);
      expect(status[0]).toMatchObject({ zone: 'notify-me.test', serial: await zoneSerial(s, z) });
      expect(status[0]!.acknowledgedAt).not.toBeNull();
    } finally {
      await s.close();
      secondary.close();
    }
  });
});
