// The additional section of MX, SRV and NS answers as `dig` and `delv` see it: the A and AAAA of
// the hosts they name, when those are in zones this server serves (RFC 1035 3.3.9, RFC 2782,
// RFC 1034 4.3.2), dropped before anything else when the answer would not fit, signed with DO.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delv, dig, type Rr } from '../test-support/dns-tools';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';

const NS_ZONE = 'nshost.add.test';
let server: TestServer;
beforeAll(async () => {
  // Zones' nameservers inside a zone of ours, so that an NS answer has addresses to add.
  server = await startTestServer({
    NAMESERVERS_EU: `ns1.${NS_ZONE},ns2.${NS_ZONE}`,
    NAMESERVERS_GLOBAL: 'ns.elsewhere.example.net',
  });
});
afterAll(() => server.close());

interface Sections {
  status: string;
  flags: string;
  answer: Rr[];
  additional: Rr[];
}

/** The answer and additional sections of dig's answer (OPT aside). */
async function ask(name: string, type: string, ...options: string[]): Promise<Sections> {
  const r = await dig(server.service.dnsPort, name, type, '+additional', ...options);
  const section = (title: string): Rr[] => {
    const lines = r.text.split('\n');
    const start = lines.indexOf(`;; ${title} SECTION:`);
    if (start < 0) return [];
    const out: Rr[] = [];
    for (const line of lines.slice(start + 1)) {
      const m = /^(\S+)\s+(\d+)\s+IN\s+(\S+)\s*(.*)$/.exec(line);
      if (!m) break;
      out.push({ name: m[1]!, ttl: Number(m[2]), type: m[3]!, data: m[4]!.trim() });
    }
    return out;
  };
  const flags = /;; flags:([^;]*);/.exec(r.text)?.[1]?.trim() ?? '';
  return { status: r.status, flags, answer: section('ANSWER'), additional: section('ADDITIONAL') };
}

const rows = (rrs: Rr[]) => rrs.map((r) => `${r.name} ${r.type} ${r.data}`).sort();

async function addRecord(zoneId: string, name: string, type: string, content: string) {
  const r = await server.admin.post(`/v1/zones/${zoneId}/records`, { name, type, content });
  if (r.status !== 201) throw new Error(`record create failed: ${JSON.stringify(r.body)}`);
  return r.body.data.record as { id: string; ttl: number };
}

async function zoneWith(name: string, records: [string, string, string][]): Promise<string> {
  const id = await createZone(server.admin, name);
  for (const [owner, type, content] of records) await addRecord(id, owner, type, content);
  return id;
}

describe('addresses of the hosts an answer names', () => {
  const other = 'other.add.test';
  const zone = 'mx.add.test';
  beforeAll(async () => {
    await zoneWith(other, [
      ['mx', 'A', '198.51.100.25'],
      ['*', 'A', '198.51.100.99'],
    ]);
    await zoneWith(zone, [
      ['@', 'MX', `10 mail.${zone}.`],
      ['@', 'MX', `20 mx.${other}.`],
      ['@', 'MX', '30 mail.elsewhere.example.net.'],
      ['@', 'MX', `40 wild.${other}.`], // only a wildcard matches it: not added
      ['mail', 'A', '192.0.2.25'],
      ['mail', 'AAAA', '2001:db8::25'],
      ['_sip._tcp', 'SRV', `10 20 5060 sip.${zone}.`],
      ['_ldap._tcp', 'SRV', '0 0 389 ldap.elsewhere.example.net.'],
      ['sip', 'A', '192.0.2.50'],
    ]);
  });

  it.each([
    [
      'MX with targets in this zone, another hosted zone and outside',
      zone,
      'MX',
      [
        `mail.${zone}. A 192.0.2.25`,
        `mail.${zone}. AAAA 2001:db8::25`,
        `mx.${other}. A 198.51.100.25`,
      ],
    ],
    ['SRV with an in-zone target', `_sip._tcp.${zone}`, 'SRV', [`sip.${zone}. A 192.0.2.50`]],
    ['SRV with a target outside our zones', `_ldap._tcp.${zone}`, 'SRV', []],
    ['A (no hosts named)', `mail.${zone}`, 'A', []],
  ])('%s', async (_what, name, type, expected) => {
    const r = await ask(name, type);
    expect(r.status).toBe('NOERROR');
    expect(r.answer.length).toBeGreaterThan(0);
    expect(r.answer.every((rr) => rr.type === type)).toBe(true);
    expect(rows(r.additional)).toEqual(expected.sort());
  });

  it('answers NS with the addresses of the nameservers in a zone we serve', async () => {
    await zoneWith(NS_ZONE, [
      ['ns1', 'A', '192.0.2.53'],
      ['ns2', 'AAAA', '2001:db8::53'],
    ]);
    const served = 'served.add.test';
    await createZone(server.admin, served);
    for (const name of [served, NS_ZONE]) {
      const r = await ask(name, 'NS');
      expect(rows(r.answer)).toEqual([
        `${name}. NS ns.elsewhere.example.net.`,
        `${name}. NS ns1.${NS_ZONE}.`,
        `${name}. NS ns2.${NS_ZONE}.`,
      ]);
      expect(rows(r.additional)).toEqual([
        `ns1.${NS_ZONE}. A 192.0.2.53`,
        `ns2.${NS_ZONE}. AAAA 2001:db8::53`,
      ]);
    }
  });
});

describe('changes to a target', () => {
  it('are in the additional section of the very next answer, in this and another zone', async () => {
    const target = 'target.change.add.test';
    const zone = 'mx.change.add.test';
    const targetId = await zoneWith(target, []);
    const id = await zoneWith(zone, [
      ['@', 'MX', `10 mail.${zone}.`],
      ['@', 'MX', `20 mx.${target}.`],
    ]);
    expect((await ask(zone, 'MX')).additional).toEqual([]); // and cached
    const a = await addRecord(id, 'mail', 'A', '192.0.2.1');
    expect(rows((await ask(zone, 'MX')).additional)).toEqual([`mail.${zone}. A 192.0.2.1`]);
    const put = await server.admin.put(`/v1/zones/${id}/records/${a.id}`, {
      name: 'mail',
      type: 'A',
      content: '192.0.2.2',
      ttl: a.ttl,
    });
    expect(put.status).toBe(200);
    expect(rows((await ask(zone, 'MX')).additional)).toEqual([`mail.${zone}. A 192.0.2.2`]);

    await addRecord(targetId, 'mx', 'AAAA', '2001:db8::2');
    expect(rows((await ask(zone, 'MX')).additional)).toEqual([
      `mail.${zone}. A 192.0.2.2`,
      `mx.${target}. AAAA 2001:db8::2`,
    ]);
  });
});

describe('size', () => {
  it('leaves out additional addresses that do not fit, without TC, and gives them over TCP', async () => {
    const zone = 'big.add.test'; // 12 MX fit in 512 bytes; their 24 addresses do not
    const records: [string, string, string][] = [];
    for (let i = 0; i < 12; i++) {
      records.push(['@', 'MX', `${i} mail${i}.${zone}.`]);
      records.push([`mail${i}`, 'A', `192.0.2.${i + 1}`]);
      records.push([`mail${i}`, 'AAAA', `2001:db8::${i + 1}`]);
    }
    await zoneWith(zone, records);
    const udp = await ask(zone, 'MX', '+noedns', '+ignore');
    expect(udp.flags.split(/\s+/)).not.toContain('tc');
    expect(udp.answer).toHaveLength(12);
    expect(udp.additional.length).toBeGreaterThan(0);
    expect(udp.additional.length).toBeLessThan(24);
    const tcp = await ask(zone, 'MX', '+noedns', '+tcp');
    expect(tcp.answer).toHaveLength(12);
    expect(tcp.additional).toHaveLength(24);
  });
});

describe('with DNSSEC', () => {
  it('signs the additional addresses with their own zone key, as delv validates them', async () => {
    const target = 'target.sec.add.test';
    const zone = 'mx.sec.add.test';
    const targetId = await zoneWith(target, [['mx', 'A', '198.51.100.40']]);
    const id = await zoneWith(zone, [
      ['@', 'MX', `10 mail.${zone}.`],
      ['@', 'MX', `20 mx.${target}.`],
      ['mail', 'A', '192.0.2.40'],
    ]);
    const ds: Record<string, string> = {};
    for (const [zid, name] of [
      [id, zone],
      [targetId, target],
    ] as const) {
      expect(
        (await server.admin.patch(`/v1/zones/${zid}/dnssec/status`, { enabled: true })).status,
      ).toBe(200);
      const list = (await server.admin.get(`/v1/zones/${zid}/dnssec/ds`)).body.data
        .ds_records as string[];
      ds[name] = list.find((d) => d.split(' ')[2] === '2')!;
    }

    const mx = await ask(zone, 'MX', '+dnssec');
    expect(rows(mx.additional.filter((rr) => rr.type !== 'RRSIG'))).toEqual([
      `mail.${zone}. A 192.0.2.40`,
      `mx.${target}. A 198.51.100.40`,
    ]);
    const sigs = mx.additional.filter((rr) => rr.type === 'RRSIG');
    expect(
      sigs.map((rr) => [rr.name, rr.data.split(/\s+/)[0], rr.data.split(/\s+/)[7]]).sort(),
    ).toEqual([
      [`mail.${zone}.`, 'A', `${zone}.`],
      [`mx.${target}.`, 'A', `${target}.`],
    ]);
    expect(await delv(server.service.dnsPort, zone, ds[zone]!, zone, 'MX')).toContain(
      '; fully validated',
    );

    // Each additional RRset with its RRSIG is the one a direct question gets, which delv
    // validates against that zone's DS.
    for (const [owner, apex] of [
      [`mail.${zone}`, zone],
      [`mx.${target}`, target],
    ] as const) {
      const direct = await ask(owner, 'A', '+dnssec');
      expect(rows(mx.additional.filter((rr) => rr.name === `${owner}.`))).toEqual(
        rows(direct.answer),
      );
      const out = await delv(server.service.dnsPort, apex, ds[apex]!, owner, 'A');
      expect(out).toContain('; fully validated');
    }
  });
});
