// Zone-file import over real HTTP: the dry run, merge and replace, the 30 % guard rail, errors
// and skipped lines by line number, one change in the journal that reverts whole, the DNS server
// answering the imported records, scopes and other customers, and a zone created from a file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '../../test-support/dns-tools';
import { EVERY_TYPE } from '../../test-support/every-type';
import { seedRecords } from '../../test-support/seed';
import {
  createZone,
  expectError,
  startTestServer,
  type Json,
  type TestServer,
  zoneSerial,
} from '../../test-support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ API_RATE_LIMIT: '0' });
});
afterAll(async () => {
  await srv.close();
});

const importInto = (z: string, body: Json, c = srv.admin) => c.post(`/v1/zones/${z}/import`, body);
async function imported(z: string, body: Json) {
  const r = await importInto(z, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Json;
}
async function add(z: string, body: Json) {
  const r = await srv.admin.post(`/v1/zones/${z}/records`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}
/** The zone's records as "name type content" lines, sorted (disabled ones marked). */
async function recordsOf(z: string): Promise<string[]> {
  const r = await srv.admin.get(`/v1/zones/${z}/records?limit=1000`);
  return (r.body.data.records as Json[])
    .map(
      (x) =>
        `${String(x.name).replace(/\.$/, '')} ${x.ttl} ${x.type} ${x.content}${x.disabled ? ' (disabled)' : ''}`,
    )
    .sort();
}
const serialOf = (z: string) => zoneSerial(srv, z);
const historyOf = async (z: string) =>
  (await srv.admin.get(`/v1/zones/${z}/changes`)).body.data.changes as Json[];

const FILE = (zone: string) =>
  [
    `$ORIGIN ${zone}.`,
    '$TTL 600',
    `@ IN SOA ns1.old-host.net. admin.${zone}. ( 2024010101 ; serial`,
    '        7200 900 1209600 300 )',
    '@ IN NS ns1.old-host.net.',
    '@ IN NS ns2.old-host.net.',
    '@ IN A 192.0.2.10',
    'www 300 IN A 192.0.2.11',
    '    300 IN A 192.0.2.12',
    '@ MX 10 mail',
    '@ TXT "v=spf1 mx -all"',
    'old IN HINFO "pc" "linux"',
    '@ IN DNSKEY 257 3 13 AAAA',
    'elsewhere.example.org. IN A 198.51.100.1',
    '$INCLUDE other.zone',
  ].join('\n');

describe('import', () => {
  it('dry run answers the diff, skipped lines with reasons and changes nothing', async () => {
    const z = await createZone(srv.admin, 'imp-dry.com');
    await add(z, { name: 'keep', type: 'A', content: '192.0.2.99' });
    const serial = await serialOf(z);
    const d = await imported(z, { zone_file: FILE('imp-dry.com'), dry_run: true });
    expect(d).toMatchObject({
      dry_run: true,
      change_id: null,
      serial: null,
      mode: 'merge',
      records_read: 7,
      rrset_counts: { added: 4, changed: 0, removed: 0, unchanged: 0 },
      counts: { added: 5, changed: 0, removed: 0 },
      errors: [],
      warnings: [],
      large_delete: { removed: 0, confirmation_required: false },
    });
    expect(d.skipped.map((s: Json) => [s.line, s.reason, s.type])).toEqual([
      [3, 'soa', 'SOA'],
      [5, 'apex_ns', 'NS'],
      [6, 'apex_ns', 'NS'],
      [12, 'unsupported_type', 'HINFO'],
      [13, 'dnssec', 'DNSKEY'],
      [14, 'out_of_zone', 'A'],
      [15, 'unsupported_directive', '$INCLUDE'],
    ]);
    for (const s of d.skipped) expect(s.message).toMatch(/\w{3,}.*\./);
    expect(d.rrsets.map((x: Json) => `${x.name} ${x.type}`)).toEqual([
      'imp-dry.com. A',
      'imp-dry.com. MX',
      'imp-dry.com. TXT',
      'www.imp-dry.com. A',
    ]);
    expect(d.rrsets[3].after).toEqual({
      ttl: 300,
      comment: null,
      values: [
        { content: '192.0.2.11', disabled: false },
        { content: '192.0.2.12', disabled: false },
      ],
    });
    expect(d.rrsets[1].after.values[0].content).toBe('10 mail.imp-dry.com.');
    expect(await serialOf(z)).toBe(serial);
    expect(await recordsOf(z)).toEqual(['keep.imp-dry.com 3600 A 192.0.2.99']);
    expect(await historyOf(z)).toHaveLength(2); // the zone's creation and the record
  });

  it('merge replaces the RRsets of the file, keeps the others, is one change that reverts whole, and DNS serves it', async () => {
    const z = await createZone(srv.admin, 'imp-merge.com');
    await add(z, { name: 'keep', type: 'A', content: '192.0.2.99' });
    await add(z, { name: 'www', type: 'A', content: '192.0.2.1', comment: 'front' });
    const before = await recordsOf(z);
    const d = await imported(z, { zone_file: FILE('imp-merge.com') });
    expect(d.rrset_counts).toEqual({ added: 3, changed: 1, removed: 0, unchanged: 0 });
    expect(d.change_id).toMatch(/^chg_/);
    expect(d.serial).toBe(await serialOf(z));
    const www = d.rrsets.find((x: Json) => x.name === 'www.imp-merge.com.');
    expect(www.before.values).toEqual([{ content: '192.0.2.1', disabled: false }]);
    expect(www.after.comment).toBe('front');
    expect(await recordsOf(z)).toEqual([
      'imp-merge.com 600 A 192.0.2.10',
      'imp-merge.com 600 MX 10 mail.imp-merge.com.',
      'imp-merge.com 600 TXT "v=spf1 mx -all"',
      'keep.imp-merge.com 3600 A 192.0.2.99',
      'www.imp-merge.com 300 A 192.0.2.11',
      'www.imp-merge.com 300 A 192.0.2.12',
    ]);
    const a = await dig(srv.service.dnsPort, 'www.imp-merge.com', 'A');
    expect(a.records.map((r) => r.data).sort()).toEqual(['192.0.2.11', '192.0.2.12']);

    const [change] = await historyOf(z);
    expect(change).toMatchObject({ id: d.change_id, kind: 'import', revertible: true });
    expect(change.summary).toMatch(/3 RRsets added, 1 RRset changed/);
    const rv = await srv.admin.post(`/v1/zones/${z}/changes/${d.change_id}/revert`, {});
    expect(rv.status, JSON.stringify(rv.body)).toBe(200);
    expect(await recordsOf(z)).toEqual(before);
    const back = await dig(srv.service.dnsPort, 'www.imp-merge.com', 'A');
    expect(back.records.map((r) => r.data)).toEqual(['192.0.2.1']);
  });

  it('replace removes what the file lacks; over 30 % of the RRsets it needs confirm_large_delete', async () => {
    const z = await createZone(srv.admin, 'imp-replace.com');
    for (const n of ['a', 'b', 'c']) await add(z, { name: n, type: 'A', content: '192.0.2.1' });
    await add(z, { name: 'www', type: 'A', content: '192.0.2.11' });
    const file = '$TTL 3600\nwww A 192.0.2.11\nnew A 192.0.2.5\n';
    const dry = await imported(z, { zone_file: file, mode: 'replace', dry_run: true });
    expect(dry.rrset_counts).toEqual({ added: 1, changed: 0, removed: 3, unchanged: 1 });
    expect(dry.large_delete).toEqual({ removed: 3, total: 4, confirmation_required: true });
    const refused = await importInto(z, { zone_file: file, mode: 'replace' });
    expectError(refused, 409, 'large_delete_unconfirmed');
    expect(refused.body.error.details).toMatchObject({ removed: 3, total: 4 });
    expect(refused.body.error.message).toMatch(/3 of the zone's 4 RRsets \(75 %\)/);
    expect(await recordsOf(z)).toHaveLength(4);
    const ok = await imported(z, { zone_file: file, mode: 'replace', confirm_large_delete: true });
    expect(ok.change_id).toMatch(/^chg_/);
    expect(await recordsOf(z)).toEqual([
      'new.imp-replace.com 3600 A 192.0.2.5',
      'www.imp-replace.com 3600 A 192.0.2.11',
    ]);
  });

  it('a replace removing 30 % or less applies without confirmation', async () => {
    const z = await createZone(srv.admin, 'imp-small-delete.com');
    for (const n of ['a', 'b', 'c', 'd'])
      await add(z, { name: n, type: 'A', content: '192.0.2.1' });
    const file = ['a', 'b', 'c'].map((n) => `${n} 3600 A 192.0.2.1`).join('\n');
    const d = await imported(z, { zone_file: file, mode: 'replace' });
    expect(d.rrset_counts).toEqual({ added: 0, changed: 0, removed: 1, unchanged: 3 });
    expect(d.large_delete).toEqual({ removed: 1, total: 4, confirmation_required: false });
  });

  it('errors by line (with the registry’s message) block the apply until fixed or excluded', async () => {
    const z = await createZone(srv.admin, 'imp-errors.com');
    const file = ['$TTL 300', 'ok A 192.0.2.1', 'bad A 300.1.1.1', 'mx MX mail.example.net.'].join(
      '\n',
    );
    const dry = await imported(z, { zone_file: file, dry_run: true });
    expect(dry.errors.map((e: Json) => e.line)).toEqual([3, 4]);
    expect(dry.errors[0].message).toMatch(/IPv4/);
    expect(dry.rrset_counts.added).toBe(1);
    const refused = await importInto(z, { zone_file: file });
    expectError(refused, 400, 'zone_file_invalid');
    expect(refused.body.error.message).toMatch(/2 errors \(the first on line 3/);
    expect(refused.body.error.details.errors.map((e: Json) => e.line)).toEqual([3, 4]);
    expect(await recordsOf(z)).toEqual([]);
    const partly = await importInto(z, { zone_file: file, exclude_lines: [3] });
    expectError(partly, 400, 'zone_file_invalid');
    const d = await imported(z, { zone_file: file, exclude_lines: [3, 4] });
    expect(d.skipped.map((s: Json) => [s.line, s.reason])).toEqual([
      [3, 'excluded'],
      [4, 'excluded'],
    ]);
    expect(d.skipped[0].message).toMatch(/had an error/);
    expect(await recordsOf(z)).toEqual(['ok.imp-errors.com 300 A 192.0.2.1']);
  });

  it('a TTL outside the records’ range is an error on its line, whether written there or by $TTL', async () => {
    const z = await createZone(srv.admin, 'imp-ttl.com');
    const file = [
      'zero 0 IN A 192.0.2.1',
      'weeks 1w2d IN A 192.0.2.2',
      'ok 300 IN A 192.0.2.3',
      '$TTL 60',
      'inherits IN A 192.0.2.4',
      'top 86400 IN A 192.0.2.5',
      // A later line of an RRset: its TTL is the first line's, so only a warning.
      'top 60 IN A 192.0.2.6',
    ].join('\n');
    const dry = await imported(z, { zone_file: file, dry_run: true });
    expect(dry.errors.map((e: Json) => [e.line, e.field])).toEqual([
      [1, 'ttl'],
      [2, 'ttl'],
      [5, 'ttl'],
    ]);
    expect(dry.errors[0].message).toMatch(/TTL 0 is outside 300 to 86400 seconds/);
    expect(dry.errors[1].message).toMatch(/TTL 777600 /);
    expect(dry.rrset_counts.added).toBe(2);
    expect(dry.warnings.map((w: Json) => w.line)).toEqual([7]);
    expectError(await importInto(z, { zone_file: file }), 400, 'zone_file_invalid');
    expect(await recordsOf(z)).toEqual([]);
    const created = await srv.admin.post('/v1/zones', {
      name: 'from-ttl-file.com',
      zone_file: 'www 0 A 192.0.2.1\n',
    });
    expectError(created, 400, 'zone_file_invalid');
  });

  it('rules of what may share a name are errors on the RRset’s line; TTL and repeats are warnings', async () => {
    const z = await createZone(srv.admin, 'imp-rules.com');
    await add(z, { name: 'taken', type: 'A', content: '192.0.2.1' });
    const file = [
      'www 300 CNAME web.example.net.',
      'www 300 A 192.0.2.1',
      'taken CNAME elsewhere.example.net.',
      'multi 300 A 192.0.2.1',
      'multi 600 A 192.0.2.2',
      'multi 300 A 192.0.2.1',
    ].join('\n');
    const dry = await imported(z, { zone_file: file, dry_run: true });
    expect(dry.errors.map((e: Json) => [e.line, e.code])).toEqual([
      [1, 'cname_conflict'],
      [2, 'cname_conflict'],
      [3, 'cname_conflict'],
    ]);
    expect(dry.warnings.map((w: Json) => w.line)).toEqual([5, 6]);
    expect(dry.warnings[0].message).toMatch(/TTL 600 differs .* line 4.* 300 is used/);
    expect(dry.rrsets.find((x: Json) => x.name === 'multi.imp-rules.com.').after.ttl).toBe(300);
    // The RRsets with an error are in errors only: not in the diff, nor counted as added.
    expect(dry.rrsets.map((x: Json) => `${x.name} ${x.type}`)).toEqual(['multi.imp-rules.com. A']);
    expect(dry.rrset_counts).toEqual({ added: 1, changed: 0, removed: 0, unchanged: 0 });
    expectError(await importInto(z, { zone_file: file }), 400, 'zone_file_invalid');
  });

  it('re-importing its own export (every type, comments, disabled values) is nothing to change, in either mode', async () => {
    const z = await createZone(srv.admin, 'imp-roundtrip.com');
    for (const [owner, type, contents, disabled] of EVERY_TYPE) {
      for (const content of contents)
        await add(z, { name: owner, type, content, comment: `${type} here` });
      if (disabled) await add(z, { name: owner, type, content: disabled, disabled: true });
    }
    await add(z, { name: 'long', type: 'TXT', content: 'x'.repeat(300) });
    const rrsets = EVERY_TYPE.length + 1;
    const file = (await srv.admin.get(`/v1/zones/${z}/export`)).body as string;
    const serial = await serialOf(z);
    for (const mode of ['merge', 'replace']) {
      const d = await imported(z, { zone_file: file, mode });
      expect(d.rrsets).toEqual([]);
      expect(d.rrset_counts).toEqual({ added: 0, changed: 0, removed: 0, unchanged: rrsets });
      expect(d.change_id).toBeNull();
      expect(d.errors).toEqual([]);
    }
    expect(await serialOf(z)).toBe(serial);
  });

  it('needs records:write, hides other customers’ zones, and checks its body', async () => {
    const z = await createZone(srv.admin, 'imp-scopes.com');
    const readOnly = srv.client(await srv.key('acme', ['zones:read', 'records:read']));
    const denied = await importInto(z, { zone_file: 'a A 192.0.2.1' }, readOnly);
    expectError(denied, 403, 'insufficient_scope');
    expect(denied.body.error.details.missing).toEqual(['records:write']);
    const other = srv.client(await srv.key('globex'));
    expectError(await importInto(z, { zone_file: 'a A 192.0.2.1' }, other), 404, 'zone_not_found');
    const bad = await importInto(z, { zone_file: 'a A 192.0.2.1', mode: 'overwrite' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/merge.*replace/);
    expect((await importInto(z, { zone_file: 'x', exclude_lines: [0] })).status).toBe(400);
    expect((await importInto(z, {})).status).toBe(400);
    const doc = (await srv.admin.get('/v1/openapi.json')).body as Json;
    expect(doc.paths['/v1/zones/{zone_id}/import'].post).toBeDefined();
  });
});

describe('a zone read in pages', () => {
  it('re-importing the export of a 4,550-record zone changes nothing, RRsets across pages included', async () => {
    const name = 'imp-pages.com';
    const z = await createZone(srv.admin, name);
    // Seven values a name: RRsets straddle the 2,000-row pages of the zone's read.
    await seedRecords(srv.store.db, z, 4550, (i) => ({
      name: `h${String(Math.floor(i / 7)).padStart(4, '0')}.${name}.`,
      type: 'A',
      content: `10.9.${Math.floor(i / 250)}.${i % 250}`,
    }));
    const file = await (
      await fetch(`${srv.url}/v1/zones/${z}/export`, {
        headers: { Authorization: `Bearer ${await srv.key()}` },
      })
    ).text();
    const same = await imported(z, { zone_file: file, mode: 'replace', dry_run: true });
    expect(same.rrset_counts).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 650 });
    // The RRset across the first page's end (rows 1,996 to 2,002) loses one value.
    const edited = file
      .split('\n')
      .filter((l) => !l.endsWith('\t10.9.8.0'))
      .join('\n');
    const one = await imported(z, { zone_file: edited, mode: 'replace', dry_run: true });
    expect(one.rrset_counts).toEqual({ added: 0, changed: 1, removed: 0, unchanged: 649 });
    expect(one.rrsets[0].name).toBe(`h0285.${name}.`);
    expect(one.rrsets[0].before.values).toHaveLength(7);
    expect(one.rrsets[0].after.values).toHaveLength(6);
  });
});

describe('zone created from a zone file', () => {
  it('says which lines it left out and why, takes exclude_lines, and has no dry run', async () => {
    const file = [
      '$INCLUDE other.zone',
      'www A 192.0.2.1',
      'elsewhere.example.net. A 192.0.2.2',
      'bad A 300.1.1.1',
    ].join('\n');
    const refused = await srv.admin.post('/v1/zones', { name: 'from-skips.com', zone_file: file });
    expectError(refused, 400, 'zone_file_invalid');
    expect(refused.body.error.message).toMatch(/line 4.*exclude_lines/);
    const r = await srv.admin.post('/v1/zones', {
      name: 'from-skips.com',
      zone_file: file,
      exclude_lines: [4],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.record_count).toBe(1);
    expect(r.body.data.zone_file.records_read).toBe(1);
    expect(r.body.data.zone_file.skipped.map((x: Json) => [x.line, x.reason])).toEqual([
      [1, 'unsupported_directive'],
      [3, 'out_of_zone'],
      [4, 'excluded'],
    ]);
    const dry = await srv.admin.post('/v1/zones', {
      name: 'from-dry.com',
      zone_file: file,
      dry_run: true,
    });
    expectError(dry, 400, 'invalid_request');
    expect(dry.body.error.message).toMatch(/no dry run.*POST \/v1\/zones\/\{zone_id\}\/import/);
    const list = (await srv.admin.get('/v1/zones?limit=100')).body.data.zones as Json[];
    expect(list.map((x) => x.name)).not.toContain('from-dry.com');
    const lonely = await srv.admin.post('/v1/zones', { name: 'from-none.com', exclude_lines: [1] });
    expectError(lonely, 400, 'invalid_request');
  });

  it('creates the zone with the file’s records in one step, one change in History', async () => {
    const r = await srv.admin.post('/v1/zones', {
      name: 'from-file.com',
      zone_file: FILE('from-file.com'),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const z = r.body.data.id as string;
    expect(r.body.data.records_count ?? r.body.data.record_count).toBe(5);
    expect(await recordsOf(z)).toContain('www.from-file.com 300 A 192.0.2.11');
    expect((await historyOf(z)).map((c: Json) => c.kind)).toContain('import');
    const a = await dig(srv.service.dnsPort, 'from-file.com', 'MX');
    expect(a.records.map((x) => x.data)).toEqual(['10 mail.from-file.com.']);
  });

  it('refuses the whole creation when the file has an error or breaks a rule', async () => {
    const bad = await srv.admin.post('/v1/zones', {
      name: 'from-bad-file.com',
      zone_file: 'ok A 192.0.2.1\nbad AAAA 192.0.2.1\n',
    });
    expectError(bad, 400, 'zone_file_invalid');
    expect(bad.body.error.details.errors[0].line).toBe(2);
    const clash = await srv.admin.post('/v1/zones', {
      name: 'from-bad-file.com',
      zone_file: 'www CNAME a.example.net.\nwww A 192.0.2.1\n',
    });
    expectError(clash, 400, 'zone_file_invalid');
    const list = (await srv.admin.get('/v1/zones?limit=100')).body.data.zones as Json[];
    expect(list.map((x) => x.name)).not.toContain('from-bad-file.com');
    const noWrite = srv.client(await srv.key('acme', ['zones:write', 'zones:read']));
    const denied = await noWrite.post('/v1/zones', {
      name: 'from-file-scope.com',
      zone_file: 'a A 192.0.2.1',
    });
    expectError(denied, 403, 'insufficient_scope');
  });
});
