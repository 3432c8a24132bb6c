// The transferred form of a signed zone, read by `dig` over real TCP: signed whole (RRSIGs, a
// complete NSEC chain, DNSKEY), accepted by two independent verifiers (ldns-verify-zone and
// BIND's dnssec-verify, told that the one key signs everything: -z), and kept up to date by IXFR whose differences, applied to the previous
// AXFR, give exactly the next one.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { digXfr, type Rr } from '../../test-support/dns-tools';
import { createZone, startTestServer, type TestServer } from '../../test-support/harness';

const run = promisify(execFile);
const ZONE = 'xfr-signed.test';

let srv: TestServer;
let zoneId: string;
beforeAll(async () => {
  srv = await startTestServer({ API_RATE_LIMIT: '0', DNS_TRANSFER_ALLOW: '127.0.0.0/8' });
  zoneId = await createZone(srv.admin, ZONE);
  const records: [string, string, string][] = [
    ['@', 'MX', `10 mail.${ZONE}.`],
    ['@', 'TXT', '"v=spf1 -all"'],
    ['www', 'A', '192.0.2.1'],
    ['www', 'AAAA', '2001:db8::1'],
    ['mail', 'A', '192.0.2.25'],
    ['*.wild', 'A', '192.0.2.9'],
    ['deep.below.ent', 'TXT', '"an empty non-terminal above"'],
    ['sub', 'NS', `ns.sub.${ZONE}.`],
    ['ns.sub', 'A', '192.0.2.53'],
    ['apex-alias', 'ALIAS', `www.${ZONE}.`],
  ];
  for (const [name, type, content] of records) await add(name, type, content);
  const on = await srv.admin.patch(`/v1/zones/${zoneId}/dnssec/status`, { enabled: true });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
}, 60_000);
afterAll(() => srv.close());

async function add(name: string, type: string, content: string) {
  const r = await srv.admin.post(`/v1/zones/${zoneId}/records`, { name, type, content });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.record as { id: string };
}

const axfr = () => digXfr(srv.service.dnsPort, ZONE, 'AXFR');
const line = (r: Rr) => `${r.name} ${r.ttl} ${r.type} ${r.data}`;
const soaSerial = (r: Rr) => Number(r.data.split(' ')[2]);

/** Runs `tool` on the zone written as a file; its output, or why it failed. */
async function verify(records: Rr[], tool: 'ldns' | 'bind'): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-verify-'));
  try {
    const file = path.join(dir, 'zone');
    // One SOA: an AXFR has it twice.
    fs.writeFileSync(
      file,
      records
        .slice(0, -1)
        .map((r) => `${line(r)}\n`)
        .join(''),
    );
    const [cmd, args] =
      tool === 'ldns'
        ? ['/usr/bin/ldns-verify-zone', ['-V', '3', file]]
        : ['/usr/bin/dnssec-verify', ['-z', '-o', ZONE, file]];
    const out = await run(cmd, args).catch((e: { stdout?: string; stderr?: string }) => {
      throw new Error(`${cmd} refused the zone:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    });
    return `${out.stdout}${out.stderr}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The AXFR's records after applying an IXFR's sequences of deletions and additions to it. */
function applyIxfr(before: Rr[], ixfr: Rr[]): string[] {
  const state = new Set(before.slice(1, -1).map(line));
  let adding = true;
  for (const r of ixfr.slice(1, -1)) {
    if (r.type === 'SOA') {
      adding = !adding;
      continue;
    }
    if (adding) state.add(line(r));
    else
      expect(state.delete(line(r)), `IXFR deletes what the secondary lacks: ${line(r)}`).toBe(true);
  }
  return [...state].sort();
}

describe('a signed zone, transferred', () => {
  it('goes out signed whole, and two verifiers accept it', async () => {
    const x = await axfr();
    expect(x.records[0]!.type).toBe('SOA');
    expect(x.records.at(-1)!.type).toBe('SOA');
    const types = x.records.map((r) => r.type);
    expect(types).toContain('DNSKEY');
    expect(types).toContain('NSEC');
    // CDS and CDNSKEY too: a parent that reads them asks every nameserver, secondaries included.
    const apexSigned = x.records.filter((r) => r.name === `${ZONE}.` && r.type === 'RRSIG');
    for (const type of ['CDS', 'CDNSKEY']) {
      expect(types).toContain(type);
      expect(apexSigned.map((r) => r.data.split(' ')[0])).toContain(type);
    }
    // The ALIAS goes out as the address it answers with, signed.
    expect(x.records.filter((r) => r.name === `apex-alias.${ZONE}.`).map((r) => r.type)).toEqual(
      expect.arrayContaining(['A', 'RRSIG', 'NSEC']),
    );
    // Glue and the delegation's NS are not signed; the delegation has its NSEC (and signature).
    const sigsAt = (name: string) =>
      x.records
        .filter((r) => r.name === name && r.type === 'RRSIG')
        .map((r) => r.data.split(' ')[0]);
    expect(sigsAt(`ns.sub.${ZONE}.`)).toEqual([]);
    expect(sigsAt(`sub.${ZONE}.`)).toEqual(['NSEC']);
    // The chain: one NSEC per name that holds data of the zone's own, the empty non-terminals
    // not among them.
    const nsecOwners = x.records.filter((r) => r.type === 'NSEC').map((r) => r.name);
    expect(nsecOwners).not.toContain(`below.ent.${ZONE}.`);
    expect(nsecOwners).not.toContain(`ns.sub.${ZONE}.`);
    expect(new Set(nsecOwners).size).toBe(nsecOwners.length);

    expect(await verify(x.records, 'ldns')).toMatch(/Zone is verified and complete/);
    expect(await verify(x.records, 'bind')).toMatch(/Zone fully signed/);
  }, 60_000);

  it('sends a change as IXFR: the previous AXFR with its differences is the new AXFR', async () => {
    const before = await axfr();
    const from = soaSerial(before.records[0]!);
    const www = await add('www', 'A', '192.0.2.2');
    await add('new-name', 'TXT', '"inserted into the NSEC chain"');
    const mid = await axfr();
    const ixfr = await digXfr(srv.service.dnsPort, ZONE, `IXFR=${from}`);
    expect(soaSerial(ixfr.records[0]!)).toBe(soaSerial(mid.records[0]!));
    expect(srv.service.transfers.transfers.recent.at(-1)?.result).toBe('ixfr');
    expect(applyIxfr(before.records, ixfr.records)).toEqual(
      mid.records.slice(1, -1).map(line).sort(),
    );

    // Two more changes, the first never transferred on its own: a chain of differences.
    expect((await srv.admin.delete(`/v1/zones/${zoneId}/records/${www.id}`)).status).toBe(200);
    await axfr();
    await add('mail', 'AAAA', '2001:db8::25');
    const after = await axfr();
    const chained = await digXfr(srv.service.dnsPort, ZONE, `IXFR=${soaSerial(mid.records[0]!)}`);
    expect(srv.service.transfers.transfers.recent.at(-1)?.result).toBe('ixfr');
    expect(applyIxfr(mid.records, chained.records)).toEqual(
      after.records.slice(1, -1).map(line).sort(),
    );
    expect(await verify(after.records, 'ldns')).toMatch(/Zone is verified and complete/);
  }, 60_000);

  it('answers an IXFR from a serial it has no difference for with the whole zone', async () => {
    const x = await axfr();
    const old = soaSerial(x.records[0]!) - 100_000;
    const r = await digXfr(srv.service.dnsPort, ZONE, `IXFR=${old}`);
    expect(srv.service.transfers.transfers.recent.at(-1)?.result).toBe('axfr');
    expect(r.records.map(line).sort()).toEqual(x.records.map(line).sort());
  }, 60_000);

  it('signs the zone again, with a new serial, once its signature window is over', async () => {
    const before = await axfr();
    const inception = (x: { records: Rr[] }) =>
      x.records.find((r) => r.type === 'RRSIG' && r.data.startsWith('NS '))!.data.split(' ')[5];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 4 * 86400_000);
      await srv.service.transfers.refreshSignatures();
      const after = await axfr();
      expect(soaSerial(after.records[0]!)).toBeGreaterThan(soaSerial(before.records[0]!));
      expect(Number(inception(after))).toBeGreaterThan(Number(inception(before)));
      // Every signature is new: the secondary gets the whole zone, not a difference.
      await digXfr(srv.service.dnsPort, ZONE, `IXFR=${soaSerial(before.records[0]!)}`);
      expect(srv.service.transfers.transfers.recent.at(-1)?.result).toBe('axfr');
      // Nothing more to do until the next window ends.
      const serial = soaSerial(after.records[0]!);
      await srv.service.transfers.refreshSignatures();
      expect(soaSerial((await axfr()).records[0]!)).toBe(serial);
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);
});
