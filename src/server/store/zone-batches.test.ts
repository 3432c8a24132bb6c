// Many writes to one zone at once, on whichever store the matrix runs. On PostgreSQL a node's
// concurrent writes to one zone share a transaction (zone-batches.ts, ADR 0023; a batch with a
// refusal in it runs again with a savepoint per write): the refused ones leave nothing behind
// and take nothing of the others with them, and every accepted one still has its own serial and
// journal entry, in order.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';
import { dig } from '../test-support/dns-tools';
import { journalSerials } from '../test-support/journal-serials';
import { testDialect } from '../test-support/test-store';
import { zoneWritesWaiting } from './group-commit';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

/** Transactions committed so far by the store (group-commit.ts and zone-batches.ts observe them). */
async function commits(): Promise<number> {
  const { values } = await srv.service.metrics.storeCommit.get();
  return values.find((v) => v.metricName === 'zonedeck_store_commit_duration_seconds_count')!.value;
}

describe('concurrent writes to one zone', () => {
  it('each accepted or refused on its own, with its own serial, in the order of the journal', async () => {
    const zoneId = await createZone(srv.admin, 'batched.race.test');
    const post = (body: object) => srv.admin.post(`/v1/zones/${zoneId}/records`, body);
    const unique = Array.from({ length: 30 }, (_, i) => ({
      name: `h${i}`,
      type: 'A',
      content: `192.0.2.${i + 1}`,
    }));
    const twice = Array.from({ length: 5 }, () => ({
      name: 'dup',
      type: 'A',
      content: '192.0.2.200',
    }));
    const clash = [
      { name: 'mix', type: 'A', content: '192.0.2.201' },
      { name: 'mix', type: 'CNAME', content: 'target.example.' },
    ];
    const bodies = [...unique, ...twice, ...clash];
    // Interleaved, so that refusals fall between accepted writes of one batch.
    bodies.sort((a, b) => (a.content < b.content ? -1 : 1));
    const before = await commits();
    const answers = await Promise.all(bodies.map(post));
    const committed = (await commits()) - before;

    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(32);
    expect(refused.map((a) => a.body.error.code).sort()).toEqual([
      'cname_conflict',
      'record_already_exists',
      'record_already_exists',
      'record_already_exists',
      'record_already_exists',
    ]);
    expect(answers).toHaveLength(created.length + refused.length);

    // Batched on PostgreSQL: fewer commits than accepted writes, each answered on its own. (A
    // commit on SQLite is quick enough that writes arriving by HTTP seldom find one running.)
    if (testDialect() === 'postgres') expect(committed).toBeLessThan(created.length);

    // What was accepted is there, and nothing of what was refused.
    const listed = await srv.admin.get(`/v1/zones/${zoneId}/records?limit=100`);
    const records = listed.body.data.records as { name: string; type: string }[];
    expect(records.filter((r) => r.type !== 'SOA' && r.type !== 'NS')).toHaveLength(32);
    expect(records.filter((r) => r.name.startsWith('mix.'))).toHaveLength(1);

    // One change per accepted write after the zone's creation, each its own serial, rising
    // in the journal's order.
    const serials = await journalSerials(srv.store.db, zoneId);
    expect(serials).toHaveLength(33);
    expect(new Set(serials).size).toBe(33);
    expect([...serials].sort((a, b) => a - b)).toEqual(serials);
  });
});

describe('concurrent writes at one name', () => {
  // Writes of one batch at one name: each must read the RRset as the writes before it in the
  // batch left it. Otherwise it would take the RRset for what it was before the batch, and its
  // event would give the DNS server an RRset without the values written before it.
  it('each sees the values written before it in the same batch', async () => {
    const zoneId = await createZone(srv.admin, 'same-name.race.test');
    const post = (body: object) => srv.admin.post(`/v1/zones/${zoneId}/records`, body);
    const values = Array.from({ length: 12 }, (_, i) => `192.0.2.${i + 1}`);
    const others = Array.from({ length: 12 }, (_, i) => ({
      name: `o${i}`,
      type: 'A',
      content: `198.51.100.${i + 1}`,
    }));
    const bodies = values.flatMap((content, i) => [
      { name: 'multi', type: 'A', content },
      others[i]!,
    ]);
    const answers = await Promise.all(bodies.map(post));
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 201));

    const served = await dig(srv.service.dnsPort, 'multi.same-name.race.test', 'A');
    expect(served.records.map((r) => r.data).sort()).toEqual([...values].sort());
    for (const o of others) {
      const one = await dig(srv.service.dnsPort, `${o.name}.same-name.race.test`, 'A');
      expect(one.records.map((r) => r.data)).toEqual([o.content]);
    }
    // One change each, with a serial of its own.
    const serials = await journalSerials(srv.store.db, zoneId);
    expect(new Set(serials).size).toBe(1 + bodies.length);
  });
});

/**
 * A zone whose row lock another connection holds, as another node's batch would, and a create
 * in it by number. The holder's transaction is open: roll it back, and end the client.
 */
async function heldZone(name: string) {
  const zoneId = await createZone(srv.admin, name);
  const post = (i: number) =>
    srv.admin.post(`/v1/zones/${zoneId}/records`, {
      name: `h${i}`,
      type: 'A',
      content: `192.0.2.${i + 1}`,
    });
  const holder = new pg.Client({ connectionString: srv.store.feed!.url });
  await holder.connect();
  await holder.query('begin');
  await holder.query('select id from zones where id = $1 for update', [zoneId]);
  return { zoneId, post, holder };
}

/**
 * Waits until a connection of this database waits for a lock as long as it takes: the create's
 * batch, after its wait as a small write (at most 100 ms, with a lock_timeout) gave up.
 */
async function lockAwaited(holder: pg.Client, then: (pids: number[]) => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the create never waited for the lock');
    const r = await holder.query(
      `select pid from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()
         and query not like '%lock_timeout%'`,
    );
    if (r.rows.length && (await then(r.rows.map((row: { pid: number }) => row.pid)))) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a zone transaction that fails at its start', () => {
  // BEGIN and the zone's lock are one query: when the lock's wait fails (here cancelled, as an
  // operator or a lock timeout would), the transaction it opened must still be rolled back, or
  // the connection would go back to the pool inside a failed transaction and fail the writes
  // that get it next.
  it.runIf(testDialect() === 'postgres')(
    'leaves no transaction open on the connection: the next writes succeed',
    async () => {
      const { post, holder } = await heldZone('cancelled.race.test');
      try {
        const blocked = post(0);
        // The create waits for the lock; cancel that wait.
        await lockAwaited(holder, async (pids) => {
          const r = await holder.query(
            'select pg_cancel_backend(pid) as ok from unnest($1::int[]) pid',
            [pids],
          );
          return r.rows.some((row: { ok: boolean }) => row.ok);
        });
        // Nothing was written, and the same request may pass now: 503, try again.
        const answer = await blocked;
        expect(answer.status).toBe(503);
        expect(answer.body.error.code).toBe('storage_unavailable');
        expect(answer.headers.get('Retry-After')).toBe('1');
        await holder.query('rollback');
      } finally {
        await holder.end();
      }
      // One at a time, so that each takes the connection the pool handed back last.
      for (let i = 1; i <= 12; i++) expect((await post(i)).status).toBe(201);
    },
  );
});

describe('a zone batch that waits for the lock', () => {
  it.runIf(testDialect() === 'postgres')(
    'is joined by the writes that come meanwhile (another node holds the lock)',
    async () => {
      const { zoneId, post, holder } = await heldZone('joined.race.test');
      try {
        const before = await commits();
        const first = post(0);
        // The first write's batch waits for the lock; ten more come meanwhile, and each is
        // waiting in the node's queue before the lock is let go.
        await lockAwaited(holder, () => Promise.resolve(true));
        const more = Array.from({ length: 10 }, (_, i) => post(i + 1));
        await expect
          .poll(() => zoneWritesWaiting(srv.store.db, zoneId), { timeout: 10_000 })
          .toBe(10);
        await holder.query('rollback');
        const answers = await Promise.all([first, ...more]);
        expect(answers.map((a) => a.status)).toEqual(Array(11).fill(201));
        // One transaction for all eleven (without the join: the first alone, then the others).
        expect((await commits()) - before).toBe(1);
      } finally {
        await holder.end();
      }
      const serials = await journalSerials(srv.store.db, zoneId);
      expect(new Set(serials).size).toBe(12);
    },
  );
});

describe('small writes to several zones at once', () => {
  it('share transactions on PostgreSQL, each accepted with its own serial in its zone', async () => {
    const zones = await Promise.all(
      Array.from({ length: 8 }, (_, z) => createZone(srv.admin, `shared${z}.race.test`)),
    );
    const before = await commits();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        srv.admin.post(`/v1/zones/${zones[i % zones.length]}/records`, {
          name: `h${i}`,
          type: 'A',
          content: `192.0.2.${i + 1}`,
        }),
      ),
    );
    const committed = (await commits()) - before;
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(201));
    // Without the sharing: a transaction per zone at least.
    if (testDialect() === 'postgres') expect(committed).toBeLessThan(zones.length);
    for (const [z, zoneId] of zones.entries()) {
      const serials = await journalSerials(srv.store.db, zoneId);
      expect(new Set(serials).size).toBe(4);
      const served = await dig(srv.service.dnsPort, `h${z + 8}.shared${z}.race.test`, 'A');
      expect(served.records.map((r) => r.data)).toEqual([`192.0.2.${z + 9}`]);
    }
  });

  // A zone held long (here by another connection, as another node's import would) must not hold
  // up the node's small writes to other zones: the transaction that waits for its lock gives up
  // after a moment, and its writes wait on their own.
  it.runIf(testDialect() === 'postgres')(
    'are not held up by a zone whose lock another node holds',
    async () => {
      const { post, holder } = await heldZone('held-long.race.test');
      const others = await Promise.all(
        [1, 2, 3].map((i) => createZone(srv.admin, `free${i}.race.test`)),
      );
      const postFree = (i: number) =>
        srv.admin.post(`/v1/zones/${others[i]}/records`, {
          name: 'www',
          type: 'A',
          content: `198.51.100.${i + 1}`,
        });
      try {
        let heldDone = false;
        const held = post(0).then((a) => {
          heldDone = true;
          return a;
        });
        // Sent with it: they may share its transaction, which then takes the free zones alone.
        const free = await Promise.all([0, 1, 2].map(postFree));
        expect(free.map((a) => a.status)).toEqual([201, 201, 201]);
        expect(heldDone).toBe(false);
        // And while it waits as an ordinary write.
        await lockAwaited(holder, () => Promise.resolve(true));
        const late = await srv.admin.post(`/v1/zones/${others[0]}/records`, {
          name: 'late',
          type: 'A',
          content: '198.51.100.9',
        });
        expect(late.status).toBe(201);
        expect(heldDone).toBe(false);
        await holder.query('rollback');
        expect((await held).status).toBe(201);
      } finally {
        await holder.end();
      }
    },
  );
});
