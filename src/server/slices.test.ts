// Long work gives the event loop turns: a large import, batch or export must not keep the one
// thread (and every DNS answer of the process) for the seconds it takes. Each test measures the
// longest time between two turns of the event loop while the work runs, against the whole
// time the work took: a ratio, not a speed, so the tests hold on a fast or a loaded machine.
import { PerformanceObserver } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSteps, type Steps } from '../shared/steps';
import { inSlices, SLICE_MS } from './slices';
import { seedRecords } from './test-support/seed';
import { createZone, startTestServer, type TestServer } from './test-support/harness';

const realSetImmediate = setImmediate;

/**
 * The work's whole time and the longest it held the thread without a turn, in ms. A stall
 * counts what the process ran, not time it was not scheduled (this machine is shared), and
 * garbage collection's pauses are left out: they are the engine's, not the work's, and after a
 * large test one can take a few hundred milliseconds on a loaded machine.
 */
async function stalls<T>(
  work: () => Promise<T>,
): Promise<{ result: T; total: number; longest: number }> {
  const pauses: Span[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      pauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  const gaps: (Span & { cpu: number })[] = [];
  let running = true;
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    gaps.push({ start: last, end: now, cpu: (cpu.user + cpu.system) / 1000 });
    last = now;
    lastCpu = process.cpuUsage();
    if (running) realSetImmediate(tick);
  };
  realSetImmediate(tick);
  const start = performance.now();
  const result = await work();
  const total = performance.now() - start;
  running = false;
  tick();
  await new Promise((resolve) => setTimeout(resolve, 50)); // the observer's last entries
  observer.disconnect();
  const held = (g: Span & { cpu: number }) => {
    const collecting = pauses.reduce(
      (ms, p) => ms + Math.max(0, Math.min(g.end, p.end) - Math.max(g.start, p.start)),
      0,
    );
    return Math.min(g.end - g.start - collecting, g.cpu);
  };
  return { result, total, longest: Math.max(0, ...gaps.map(held)) };
}

interface Span {
  start: number;
  end: number;
}

function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('inSlices', () => {
  it('runs steps to their result, giving the event loop a turn once a slice has run SLICE_MS', async () => {
    let done = 0;
    let doneAtFirstTurn = -1;
    realSetImmediate(() => (doneAtFirstTurn = done));
    function* pieces(): Steps<number> {
      for (let i = 0; i < 40; i++) {
        busy(2);
        done++;
        yield;
      }
      return done;
    }
    // Each piece takes at least 2 ms: the slice is over after SLICE_MS / 2 pieces at most.
    await expect(inSlices(pieces())).resolves.toBe(40);
    expect(doneAtFirstTurn).toBeGreaterThan(0);
    expect(doneAtFirstTurn).toBeLessThanOrEqual(SLICE_MS / 2);
  });

  it('runSteps runs the same steps through at once', () => {
    let turned = false;
    realSetImmediate(() => (turned = true));
    function* pieces(): Steps<number> {
      for (let i = 0; i < 10; i++) {
        busy(2);
        yield;
      }
      return 10;
    }
    expect(runSteps(pieces())).toBe(10);
    expect(turned).toBe(false);
  });
});

describe('large work over HTTP', () => {
  let srv: TestServer;
  const RECORDS = 30_000;
  beforeAll(async () => {
    srv = await startTestServer({ API_RATE_LIMIT: '0' });
  });
  afterAll(() => srv.close());

  const zoneFile = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `h${i}\t300\tIN\tA\t10.1.${(i >> 8) & 255}.${i & 255}`,
    ).join('\n');

  it('a dry run of a 30,000-record import is parsed, read and diffed in slices', async () => {
    const z = await createZone(srv.admin, 'sliced-import.example');
    const body = { zone_file: zoneFile(RECORDS), dry_run: true };
    const run = await stalls(() => srv.admin.post(`/v1/zones/${z}/import`, body));
    expect(run.result.status, JSON.stringify(run.result.body).slice(0, 300)).toBe(200);
    expect(run.result.body.data.rrset_counts.added).toBe(RECORDS);
    expect(run.longest).toBeLessThan(run.total / 3);
  });

  it('applying it gives turns too, and every record is there after', async () => {
    const z = await createZone(srv.admin, 'sliced-apply.example');
    const body = { zone_file: zoneFile(RECORDS) };
    const run = await stalls(() => srv.admin.post(`/v1/zones/${z}/import`, body));
    expect(run.result.status).toBe(200);
    expect((await srv.admin.get(`/v1/zones/${z}`)).body.data.record_count).toBe(RECORDS);
    // The COMMIT and the DNS view's update of 30,000 RRsets are not divisible, but are each a
    // small part of the whole.
    expect(run.longest).toBeLessThan(run.total / 3);
  });

  it('a 30,000-record export streams in slices to a reader as fast as it is made', async () => {
    const name = 'sliced-export.example';
    const z = await createZone(srv.admin, name);
    await seedRecords(srv.store.db, z, RECORDS, (i) => ({
      name: `h${i}.${name}.`,
      type: 'A',
      content: `10.2.${(i >> 8) & 255}.${i & 255}`,
    }));
    const run = await stalls(async () => {
      const res = await fetch(`${srv.url}/v1/zones/${z}/export`, {
        headers: { Authorization: `Bearer ${await srv.key()}` },
      });
      return res.text();
    });
    expect(run.result.split('\n').filter((l) => /^h\d+\t/.test(l))).toHaveLength(RECORDS);
    expect(run.longest).toBeLessThan(run.total / 3);
  });
});
