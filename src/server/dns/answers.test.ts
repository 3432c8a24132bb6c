// What `dig` gets from the running authoritative server: answers of every record type as the
// API shows them, the flags and sections of RFC 1034/2181/4592 answers, EDNS and truncation.
// Zones and records are made through the real HTTP API; nothing is mocked.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';

const run = promisify(execFile);

let server: TestServer;
beforeAll(async () => {
  // These tests ask for dozens of REFUSED, FORMERR and NOTIMP answers from 127.0.0.1 within
  // seconds, which RRL's error budget (10 a second per /24) rightly limits; rrl.test.ts tests it.
  server = await startTestServer({ DNS_RRL_ERRORS_RATE: '10000' });
});
afterAll(() => server.close());

interface Rr {
  name: string;
  ttl: number;
  type: string;
  data: string;
}
interface DigAnswer {
  status: string;
  flags: string[];
  question: string;
  answer: Rr[];
  authority: Rr[];
  additional: Rr[];
  edns: { version: number; flags: string; udp: number } | null;
  text: string;
}

function parseDig(text: string): DigAnswer {
  const lines = text.split('\n');
  const section = (title: string): Rr[] => {
    const start = lines.indexOf(`;; ${title} SECTION:`);
    if (start < 0) return [];
    const out: Rr[] = [];
    for (const line of lines.slice(start + 1)) {
      if (!line.trim()) break;
      const m = /^(\S+)\s+(\d+)\s+(\S+)\s+(\S+)\s*(.*)$/.exec(line);
      if (!m) throw new Error(`unexpected dig line: ${line}`);
      out.push({ name: m[1]!, ttl: Number(m[2]), type: m[4]!, data: m[5]!.trim() });
    }
    return out;
  };
  const status = /status: (\w+)/.exec(text)?.[1];
  const flags = /;; flags:([^;]*);/.exec(text)?.[1];
  if (!status || flags === undefined) throw new Error(`dig gave no answer:\n${text}`);
  const q = lines.indexOf(';; QUESTION SECTION:');
  const edns = /; EDNS: version: (\d+), flags:([^;]*); udp: (\d+)/.exec(text);
  return {
    status,
    flags: flags.trim().split(/\s+/).filter(Boolean),
    question: q >= 0 ? lines[q + 1]!.slice(1).split(/\s+/)[0]! : '',
    answer: section('ANSWER'),
    authority: section('AUTHORITY'),
    additional: section('ADDITIONAL'),
    edns: edns ? { version: Number(edns[1]), flags: edns[2]!.trim(), udp: Number(edns[3]) } : null,
    text,
  };
}

/** `dig @127.0.0.1 -p <dns port> +norec <name> <type> [options]`, parsed. */
async function dig(name: string, type = 'A', ...options: string[]): Promise<DigAnswer> {
  const args = ['@127.0.0.1', '-p', String(server.service.dnsPort), '+norec', '+tries=1'];
  args.push('+time=3', '+split=0', ...options, name, type);
  // dig exits 9 when no usable answer came back; its output then says why.
  const stdout = await run('/usr/bin/dig', args).then(
    (r) => r.stdout,
    (e: { stdout?: string; message: string }) => `${e.stdout ?? ''}\n${e.message}`,
  );
  return parseDig(stdout);
}

async function addRecord(
  zoneId: string,
  name: string,
  type: string,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; content: string; ttl: number }> {
  const r = await server.admin.post(`/v1/zones/${zoneId}/records`, {
    name,
    type,
    content,
    ...extra,
  });
  if (r.status !== 201) throw new Error(`record create failed: ${JSON.stringify(r.body)}`);
  return r.body.data.record;
}

async function zoneWith(name: string, records: [string, string, string][] = []): Promise<string> {
  const id = await createZone(server.admin, name);
  for (const [owner, type, content] of records) await addRecord(id, owner, type, content);
  return id;
}

const datas = (rrs: Rr[]) => rrs.map((r) => r.data).sort();
const soaFields = (data: string) => {
  const [mname, rname, serial, refresh, retry, expire, minimum] = data.split(/\s+/);
  return { mname, rname, serial: Number(serial), refresh, retry, expire, minimum: Number(minimum) };
};

describe('answers of every record type', () => {
  const hex32 = '0123456789abcdef'.repeat(4);
  const long = 'a'.repeat(200) + 'b'.repeat(100);
  // `dig` is the API's content except where its presentation differs: hex in upper case, TXT
  // and SvcParam values quoted.
  const rows: {
    type: string;
    owner: string;
    contents: (zone: string) => string[];
    dig?: (apiContent: string) => string;
  }[] = [
    { type: 'A', owner: 'www', contents: () => ['192.0.2.1', '192.0.2.2'] },
    { type: 'AAAA', owner: 'www', contents: () => ['2001:DB8:0:0:0:0:0:1', '2001:db8::a:0:0:2'] },
    { type: 'MX', owner: '@', contents: (z) => [`10 mail.${z}.`, `20 mx2.${z}.`] },
    {
      type: 'TXT',
      owner: 'spf',
      contents: () => ['v=spf1 -all'],
      dig: (c) => `"${c}"`,
    },
    {
      type: 'TXT',
      owner: 'quoted',
      contents: () => ['"hello world" "say \\"hi\\""'],
    },
    {
      type: 'TXT',
      owner: 'long',
      contents: () => [long],
      dig: (c) => `"${c.slice(0, 255)}" "${c.slice(255)}"`,
    },
    { type: 'SRV', owner: '_sip._tcp', contents: (z) => [`10 20 5060 sip.${z}.`] },
    {
      type: 'CAA',
      owner: '@',
      contents: () => ['0 issue "letsencrypt.org"', '128 iodef "mailto:security@example.net"'],
    },
    {
      type: 'TLSA',
      owner: '_443._tcp.www',
      contents: () => [`3 1 1 ${hex32}`],
      dig: (c) => c.toUpperCase(),
    },
    {
      type: 'SSHFP',
      owner: 'host',
      contents: () => [`4 2 ${hex32}`, `1 1 ${hex32.slice(0, 40)}`],
      dig: (c) => c.toUpperCase(),
    },
    {
      type: 'HTTPS',
      owner: 'www',
      contents: () => ['1 . alpn=h2,h3 ipv4hint=192.0.2.1', '0 cdn.example.net.'],
      dig: (c) => c.replace('alpn=h2,h3', 'alpn="h2,h3"'),
    },
    {
      type: 'SVCB',
      owner: '_dns',
      contents: (z) => [`1 dns.${z}. alpn=dot port=853`],
      dig: (c) => c.replace('alpn=dot', 'alpn="dot"'),
    },
    { type: 'PTR', owner: '10', contents: () => ['host.example.net.', 'alias.example.net.'] },
  ];

  it.each(rows.map((row, i) => ({ ...row, i })))(
    '$type at $owner is answered as the API shows it, with aa',
    async ({ type, owner, contents, dig: present, i }) => {
      const zone = `t${i}-${type.toLowerCase()}.types.test`;
      const id = await createZone(server.admin, zone);
      const api: string[] = [];
      for (const c of contents(zone)) api.push((await addRecord(id, owner, type, c)).content);
      const fqdn = owner === '@' ? zone : `${owner}.${zone}`;

      const r = await dig(fqdn, type);
      expect(r.status).toBe('NOERROR');
      expect(r.flags).toContain('aa');
      expect(r.answer.map((rr) => [rr.name, rr.type, rr.ttl])).toEqual(
        api.map(() => [`${fqdn}.`, type, 3600]),
      );
      expect(datas(r.answer)).toEqual(api.map(present ?? ((c) => c)).sort());
    },
  );

  it('answers an AAAA in RFC 5952 form and splits only TXT strings over 255 bytes', async () => {
    const zone = 'forms.types.test';
    const id = await createZone(server.admin, zone);
    await addRecord(id, 'v6', 'AAAA', '2001:0DB8:0000:0000:0001:0000:0000:0001');
    await addRecord(id, 'exact', 'TXT', 'c'.repeat(255));
    expect(datas((await dig(`v6.${zone}`, 'AAAA')).answer)).toEqual(['2001:db8::1:0:0:1']);
    expect(datas((await dig(`exact.${zone}`, 'TXT')).answer)).toEqual([`"${'c'.repeat(255)}"`]);
  });
});

describe('the apex', () => {
  it('serves an SOA whose serial grows with every change made through the API', async () => {
    const zone = 'serial.apex.test';
    const id = await createZone(server.admin, zone);
    const ns: string[] = (await server.admin.get(`/v1/zones/${id}`)).body.data.nameservers;
    const serial = async () => {
      const r = await dig(zone, 'SOA');
      expect(r.status).toBe('NOERROR');
      expect(r.flags).toContain('aa');
      expect(r.answer).toHaveLength(1);
      const soa = soaFields(r.answer[0]!.data);
      expect(ns.map((n) => `${n}.`)).toContain(soa.mname);
      return soa.serial;
    };
    const serials = [await serial()];
    const rec = await addRecord(id, 'www', 'A', '192.0.2.1');
    serials.push(await serial());
    const put = await server.admin.put(`/v1/zones/${id}/records/${rec.id}`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.2',
      ttl: 600,
    });
    expect(put.status).toBe(200);
    serials.push(await serial());
    const del = await server.admin.delete(`/v1/zones/${id}/records/${put.body.data.record.id}`);
    expect(del.status).toBe(200);
    serials.push(await serial());
    for (let i = 1; i < serials.length; i++) expect(serials[i]).toBeGreaterThan(serials[i - 1]!);
  });

  it.each([
    ['EU_GLOBAL', 'eu-global.apex.test'],
    ['EU', 'eu.apex.test'],
  ])('answers NS with the nameservers the API gives a %s zone', async (region, zone) => {
    const id = await createZone(server.admin, zone, { region });
    const ns: string[] = (await server.admin.get(`/v1/zones/${id}`)).body.data.nameservers;
    expect(ns.length).toBeGreaterThan(0);
    const r = await dig(zone, 'NS');
    expect(r.status).toBe('NOERROR');
    expect(r.flags).toContain('aa');
    expect(r.answer.every((rr) => rr.name === `${zone}.` && rr.type === 'NS')).toBe(true);
    expect(datas(r.answer)).toEqual(ns.map((n) => `${n}.`).sort());
  });
});

describe('negative answers', () => {
  it('gives NXDOMAIN and NODATA with the SOA in authority and the negative TTL', async () => {
    const zone = 'negative.neg.test';
    await zoneWith(zone, [['www', 'A', '192.0.2.1']]);
    const soa = (await dig(zone, 'SOA')).answer[0]!;
    const negativeTtl = Math.min(soa.ttl, soaFields(soa.data).minimum);

    const nx = await dig(`nope.${zone}`, 'A');
    const nodata = await dig(`www.${zone}`, 'MX');
    expect(nx.status).toBe('NXDOMAIN');
    expect(nodata.status).toBe('NOERROR');
    for (const r of [nx, nodata]) {
      expect(r.flags).toContain('aa');
      expect(r.answer).toEqual([]);
      expect(r.authority).toEqual([
        { name: `${zone}.`, ttl: negativeTtl, type: 'SOA', data: soa.data },
      ]);
    }
    expect(negativeTtl).toBeLessThan(soa.ttl); // a zone at the default 3600 s, minimum 300 s
  });

  it('answers an empty non-terminal with NOERROR and no data, not NXDOMAIN', async () => {
    const zone = 'ent.neg.test';
    await zoneWith(zone, [['a.b.c', 'A', '192.0.2.1']]);
    for (const name of [`b.c.${zone}`, `c.${zone}`]) {
      const r = await dig(name, 'A');
      expect({ name, status: r.status }).toEqual({ name, status: 'NOERROR' });
      expect(r.answer).toEqual([]);
      expect(r.authority.map((rr) => rr.type)).toEqual(['SOA']);
    }
    expect((await dig(`zz.c.${zone}`, 'A')).status).toBe('NXDOMAIN');
    expect(datas((await dig(`a.b.c.${zone}`, 'A')).answer)).toEqual(['192.0.2.1']);
  });
});

describe('CNAME', () => {
  it('follows the chain inside the zone and into another zone we serve', async () => {
    const zone = 'chain.cname.test';
    const other = 'target.cname.test';
    await zoneWith(other, [['www', 'A', '198.51.100.7']]);
    await zoneWith(zone, [
      ['a', 'CNAME', `b.${zone}.`],
      ['b', 'CNAME', `www.${zone}.`],
      ['www', 'A', '192.0.2.7'],
      ['c', 'CNAME', `www.${other}.`],
      ['d', 'CNAME', `gone.${zone}.`],
    ]);
    const inZone = await dig(`a.${zone}`, 'A');
    expect(inZone.status).toBe('NOERROR');
    expect(inZone.flags).toContain('aa');
    expect(inZone.answer.map((rr) => [rr.name, rr.type, rr.data])).toEqual([
      [`a.${zone}.`, 'CNAME', `b.${zone}.`],
      [`b.${zone}.`, 'CNAME', `www.${zone}.`],
      [`www.${zone}.`, 'A', '192.0.2.7'],
    ]);

    const across = await dig(`c.${zone}`, 'A');
    expect(across.answer.map((rr) => [rr.name, rr.type, rr.data])).toEqual([
      [`c.${zone}.`, 'CNAME', `www.${other}.`],
      [`www.${other}.`, 'A', '198.51.100.7'],
    ]);

    const only = await dig(`a.${zone}`, 'CNAME');
    expect(only.answer.map((rr) => [rr.type, rr.data])).toEqual([['CNAME', `b.${zone}.`]]);

    // A chain ending at a missing name: its rcode is the last name's (RFC 6604), CNAME kept.
    const dangling = await dig(`d.${zone}`, 'A');
    expect(dangling.status).toBe('NXDOMAIN');
    expect(dangling.answer.map((rr) => rr.type)).toEqual(['CNAME']);
    expect(dangling.authority.map((rr) => rr.type)).toEqual(['SOA']);
  });
});

describe('wildcards (RFC 4592)', () => {
  it('synthesises answers for names that do not exist, and only for them', async () => {
    const zone = 'wild.wc.test';
    await zoneWith(zone, [
      ['*.dev', 'A', '192.0.2.9'],
      ['y.dev', 'TXT', 'real'],
    ]);
    for (const name of [`x.dev.${zone}`, `deep.er.dev.${zone}`]) {
      const r = await dig(name, 'A');
      expect(r.status).toBe('NOERROR');
      expect(r.flags).toContain('aa');
      expect(r.answer.map((rr) => [rr.name, rr.type, rr.data])).toEqual([
        [`${name}.`, 'A', '192.0.2.9'],
      ]);
    }
    // Other types at a synthesised name: NODATA.
    const mx = await dig(`x.dev.${zone}`, 'MX');
    expect(mx.status).toBe('NOERROR');
    expect(mx.answer).toEqual([]);
    expect(mx.authority.map((rr) => rr.type)).toEqual(['SOA']);
    // An existing name is not covered by the wildcard, nor are names below it.
    const existing = await dig(`y.dev.${zone}`, 'A');
    expect(existing.status).toBe('NOERROR');
    expect(existing.answer).toEqual([]);
    expect((await dig(`z.y.dev.${zone}`, 'A')).status).toBe('NXDOMAIN');
    // The wildcard's parent is not itself matched by it.
    expect((await dig(`dev.${zone}`, 'A')).answer).toEqual([]);
  });
});

describe('delegations', () => {
  it('answers below a zone cut with a referral: no aa, NS in authority, glue in additional', async () => {
    const zone = 'parent.deleg.test';
    await zoneWith(zone, [
      ['sub', 'NS', `ns1.sub.${zone}.`],
      ['sub', 'NS', 'ns.elsewhere.example.net.'],
      ['ns1.sub', 'A', '192.0.2.53'],
      ['ns1.sub', 'AAAA', '2001:db8::53'],
    ]);
    for (const [name, type] of [
      [`host.sub.${zone}`, 'A'],
      [`sub.${zone}`, 'NS'],
      [`sub.${zone}`, 'A'],
    ] as const) {
      const r = await dig(name, type);
      expect(r.status).toBe('NOERROR');
      expect(r.flags).not.toContain('aa');
      expect(r.answer).toEqual([]);
      expect(r.authority.map((rr) => [rr.name, rr.type, rr.data]).sort()).toEqual([
        [`sub.${zone}.`, 'NS', `ns.elsewhere.example.net.`],
        [`sub.${zone}.`, 'NS', `ns1.sub.${zone}.`],
      ]);
      expect(r.additional.map((rr) => [rr.name, rr.type, rr.data]).sort()).toEqual([
        [`ns1.sub.${zone}.`, 'A', '192.0.2.53'],
        [`ns1.sub.${zone}.`, 'AAAA', '2001:db8::53'],
      ]);
    }
    // DS at the cut belongs to the parent side (RFC 4035 3.1.4.1): an authoritative NODATA.
    const ds = await dig(`sub.${zone}`, 'DS');
    expect(ds.status).toBe('NOERROR');
    expect(ds.flags).toContain('aa');
    expect(ds.answer).toEqual([]);
    expect(ds.authority.map((rr) => [rr.name, rr.type])).toEqual([[`${zone}.`, 'SOA']]);
  });
});

describe('ALIAS', () => {
  it('answers A and AAAA at the apex from an in-zone target', async () => {
    const zone = 'apex.alias.test';
    await zoneWith(zone, [
      ['@', 'ALIAS', `www.${zone}.`],
      ['www', 'A', '192.0.2.20'],
      ['www', 'AAAA', '2001:db8::20'],
      ['@', 'MX', `10 mail.${zone}.`],
    ]);
    const a = await dig(zone, 'A');
    expect(a.status).toBe('NOERROR');
    expect(a.flags).toContain('aa');
    expect(a.answer.map((rr) => [rr.name, rr.type, rr.data])).toEqual([
      [`${zone}.`, 'A', '192.0.2.20'],
    ]);
    const aaaa = await dig(zone, 'AAAA');
    expect(aaaa.answer.map((rr) => [rr.name, rr.type, rr.data])).toEqual([
      [`${zone}.`, 'AAAA', '2001:db8::20'],
    ]);
    expect(datas((await dig(zone, 'MX')).answer)).toEqual([`10 mail.${zone}.`]);
  });

  it('gives NODATA when the target is outside the zones we serve (documented behaviour)', async () => {
    const zone = 'outside.alias.test';
    await zoneWith(zone, [['@', 'ALIAS', 'target.elsewhere.example.net.']]);
    const r = await dig(zone, 'A');
    expect(r.status).toBe('NOERROR');
    expect(r.answer).toEqual([]);
    expect(r.authority.map((rr) => rr.type)).toEqual(['SOA']);
  });
});

describe('what is not served', () => {
  it('leaves disabled records out, and serves them once enabled', async () => {
    const zone = 'records.disabled.test';
    const id = await createZone(server.admin, zone);
    await addRecord(id, 'www', 'A', '192.0.2.1');
    await addRecord(id, 'www', 'A', '192.0.2.2', { disabled: true });
    const off = await addRecord(id, 'off', 'A', '192.0.2.3', { disabled: true });
    expect(datas((await dig(`www.${zone}`, 'A')).answer)).toEqual(['192.0.2.1']);
    expect((await dig(`off.${zone}`, 'A')).status).toBe('NXDOMAIN');

    const put = await server.admin.put(`/v1/zones/${id}/records/${off.id}`, {
      name: 'off',
      type: 'A',
      content: '192.0.2.3',
      ttl: off.ttl,
      disabled: false,
    });
    expect(put.status).toBe(200);
    expect(datas((await dig(`off.${zone}`, 'A')).answer)).toEqual(['192.0.2.3']);
  });

  it('refuses a disabled zone, and answers again once it is active', async () => {
    const zone = 'zone.disabled.test';
    const id = await zoneWith(zone, [['www', 'A', '192.0.2.1']]);
    expect((await dig(`www.${zone}`, 'A')).status).toBe('NOERROR');
    expect((await server.admin.put(`/v1/zones/${id}`, { status: 'disabled' })).status).toBe(200);
    for (const [name, type] of [
      [`www.${zone}`, 'A'],
      [zone, 'SOA'],
    ]) {
      const r = await dig(name!, type);
      expect(r.status).toBe('REFUSED');
      expect(r.flags).not.toContain('aa');
      expect(r.answer).toEqual([]);
    }
    expect((await server.admin.put(`/v1/zones/${id}`, { status: 'active' })).status).toBe(200);
    expect(datas((await dig(`www.${zone}`, 'A')).answer)).toEqual(['192.0.2.1']);
  });

  it('refuses names we do not host, including the parent of a hosted zone', async () => {
    await zoneWith('hosted.refused.test', [['www', 'A', '192.0.2.1']]);
    for (const [name, type] of [
      ['www.not-hosted.example', 'A'],
      ['refused.test', 'SOA'],
      ['www.refused.test', 'A'],
    ]) {
      const r = await dig(name!, type);
      expect({ name, status: r.status }).toEqual({ name, status: 'REFUSED' });
      expect(r.flags).not.toContain('aa');
      expect(r.answer).toEqual([]);
    }
  });

  it('refuses a deleted zone right after the 202, and serves a new zone of that name', async () => {
    const zone = 'gone.deleted.test';
    const id = await zoneWith(zone, [['www', 'A', '192.0.2.1']]);
    expect(datas((await dig(`www.${zone}`, 'A')).answer)).toEqual(['192.0.2.1']);
    expect((await server.admin.delete(`/v1/zones/${id}`)).status).toBe(202);
    expect((await dig(`www.${zone}`, 'A')).status).toBe('REFUSED');
    expect((await dig(zone, 'SOA')).status).toBe('REFUSED');

    await zoneWith(zone, [['www', 'A', '192.0.2.99']]);
    expect(datas((await dig(`www.${zone}`, 'A')).answer)).toEqual(['192.0.2.99']);
  });
});

describe('changes through the API', () => {
  it('are served by the very next query, with no waiting', async () => {
    const zone = 'live.changes.test';
    const id = await createZone(server.admin, zone);
    const name = `www.${zone}`;
    expect((await dig(name, 'A')).status).toBe('NXDOMAIN'); // also primes any answer cache
    const rec = await addRecord(id, 'www', 'A', '192.0.2.1');
    expect(datas((await dig(name, 'A')).answer)).toEqual(['192.0.2.1']);
    const put = await server.admin.put(`/v1/zones/${id}/records/${rec.id}`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.2',
      ttl: 900,
    });
    expect(put.status).toBe(200);
    const updated = await dig(name, 'A');
    expect(updated.answer.map((rr) => [rr.ttl, rr.data])).toEqual([[900, '192.0.2.2']]);
    const del = await server.admin.delete(`/v1/zones/${id}/records/${put.body.data.record.id}`);
    expect(del.status).toBe(200);
    expect((await dig(name, 'A')).status).toBe('NXDOMAIN');
  });
});

describe('protocol details', () => {
  it('matches names case-insensitively and echoes the question as asked', async () => {
    const zone = 'case.proto.test';
    await zoneWith(zone, [['www', 'A', '192.0.2.1']]);
    expect(datas((await dig(`www.${zone}`, 'A')).answer)).toEqual(['192.0.2.1']);
    const mixed = 'WwW.CaSe.PrOtO.TeSt';
    const r = await dig(mixed, 'A');
    expect(r.status).toBe('NOERROR');
    expect(r.flags).toContain('aa');
    expect(r.question).toBe(`${mixed}.`);
    expect(r.answer.map((rr) => [rr.name, rr.data])).toEqual([[`${mixed}.`, '192.0.2.1']]);
  });

  it('answers EDNS queries with an OPT record offering 1232 bytes, and plain ones without', async () => {
    const zone = 'edns.proto.test';
    await zoneWith(zone, [['www', 'A', '192.0.2.1']]);
    for (const size of ['+bufsize=4096', '+bufsize=1232', '+bufsize=512']) {
      const r = await dig(`www.${zone}`, 'A', size);
      expect({ size, edns: r.edns }).toEqual({ size, edns: { version: 0, flags: '', udp: 1232 } });
    }
    const plain = await dig(`www.${zone}`, 'A', '+noedns');
    expect(plain.edns).toBeNull();
    expect(datas(plain.answer)).toEqual(['192.0.2.1']);
  });

  it('sets TC when an answer does not fit in UDP, and gives all of it over TCP', async () => {
    const zone = 'big.proto.test';
    const id = await createZone(server.admin, zone);
    const values = Array.from(
      { length: 40 },
      (_, i) => `value ${String(i).padStart(2, '0')} ${'x'.repeat(30)}`,
    );
    for (const v of values) await addRecord(id, 'big', 'TXT', v);
    const expected = values.map((v) => `"${v}"`).sort();

    for (const options of [['+noedns'], ['+bufsize=1232']]) {
      const udp = await dig(`big.${zone}`, 'TXT', '+ignore', ...options);
      expect({ options, flags: udp.flags }).toEqual({
        options,
        flags: expect.arrayContaining(['tc']),
      });
      expect(udp.answer.length).toBeLessThan(values.length);
    }
    for (const options of [['+noedns'], ['+bufsize=1232']]) {
      const tcp = await dig(`big.${zone}`, 'TXT', '+tcp', ...options);
      expect(tcp.flags).not.toContain('tc');
      expect(tcp.flags).toContain('aa');
      expect(datas(tcp.answer)).toEqual(expected);
    }
  });

  it('answers ANY with the RFC 8482 HINFO', async () => {
    const zone = 'any.proto.test';
    await zoneWith(zone, [
      ['www', 'A', '192.0.2.1'],
      ['www', 'TXT', 'hello'],
    ]);
    const r = await dig(`www.${zone}`, 'ANY');
    expect(r.status).toBe('NOERROR');
    expect(r.answer.map((rr) => [rr.name, rr.type, rr.data])).toEqual([
      [`www.${zone}.`, 'HINFO', '"RFC8482" ""'],
    ]);
  });

  it('refuses zone transfers (AXFR, IXFR) until they exist', async () => {
    const zone = 'xfr.proto.test';
    await zoneWith(zone, [['www', 'A', '192.0.2.1']]);
    const port = String(server.service.dnsPort);
    for (const type of ['AXFR', 'IXFR=1']) {
      // Both ask over TCP; dig only says the transfer failed, kdig says why.
      const d = await run('/usr/bin/dig', ['@127.0.0.1', '-p', port, '+time=3', zone, type]);
      expect(d.stdout).toContain('Transfer failed.');
      const k = await run('/usr/bin/kdig', ['@127.0.0.1', '-p', port, '+time=3', '-t', type, zone])
        .then((r) => `${r.stdout}${r.stderr}`)
        .catch((e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ''}${e.stderr ?? ''}`);
      expect(k).toContain("server replied with error 'REFUSED'");
      expect(k).not.toMatch(/\sIN\s+A\s+192\.0\.2\.1/);
    }
  });

  it('answers meta types that make no sense as a question with FORMERR, echoing the question', async () => {
    const zone = 'meta.proto.test';
    await zoneWith(zone, [['www', 'A', '192.0.2.1']]);
    // 0, OPT (41), an unassigned meta type (128), TKEY (249), TSIG (250); with and without EDNS.
    for (const type of ['TYPE0', 'TYPE41', 'TYPE128', 'TYPE249', 'TYPE250']) {
      for (const edns of ['+edns=0', '+noedns']) {
        const r = await dig(`www.${zone}`, type, edns);
        expect({ type, edns, status: r.status }).toEqual({ type, edns, status: 'FORMERR' });
        expect(r.question).toBe(`www.${zone}.`);
      }
    }
    // MAILB (253) and MAILA (254) are question types: answered, with no records of them here.
    for (const type of ['TYPE253', 'TYPE254']) {
      const r = await dig(`www.${zone}`, type);
      expect({ type, status: r.status, answer: r.answer }).toEqual({
        type,
        status: 'NOERROR',
        answer: [],
      });
    }
  });

  it('refuses class CH, even for a hosted name', async () => {
    const zone = 'chaos.proto.test';
    await zoneWith(zone, [['www', 'TXT', 'hello']]);
    for (const name of [`www.${zone}`, 'version.bind']) {
      const r = await dig(name, 'TXT', '-c', 'CH');
      expect({ name, status: r.status }).toEqual({ name, status: 'REFUSED' });
      expect(r.answer).toEqual([]);
    }
  });

  it('answers other opcodes with NOTIMP, echoing the opcode so that the client accepts it', async () => {
    const zone = 'opcode.proto.test';
    await zoneWith(zone, [['www', 'A', '192.0.2.1']]);
    // RFC 1035 4.1.1: the opcode is copied into the response; dig drops an answer that lacks it.
    const r = await dig(`www.${zone}`, 'A', '+opcode=status', '+time=1');
    expect(r.status).toBe('NOTIMP');
    expect(r.text).toContain('opcode: STATUS');
  });

  it('takes a label holding a dot as a name of its own: NXDOMAIN, not FORMERR', async () => {
    const zone = 'dotted.proto.test';
    await zoneWith(zone, [['a.b', 'A', '192.0.2.1']]);
    // `a\.b` is one label; a FORMERR to an EDNS query makes resolvers drop EDNS for the server.
    const r = await dig(`a\\.b.${zone}`, 'A');
    expect(r.status).toBe('NXDOMAIN');
    expect(r.answer).toEqual([]);
  });

  it('answers an EDNS version it does not know with BADVERS', async () => {
    const zone = 'badvers.proto.test';
    await zoneWith(zone, [['www', 'A', '192.0.2.1']]);
    const r = await dig(`www.${zone}`, 'A', '+edns=1', '+noednsnegotiation');
    expect(r.status).toBe('BADVERS');
    expect(r.answer).toEqual([]);
    expect(r.edns?.version).toBe(0);
  });
});
