// Change-to-served latency of `npm run bench:transfer`: a record change through the API, timed
// from the API's answer until a real secondary answers the serial that answer names (our NOTIFY,
// its SOA query, its IXFR). The same from a Knot primary to a Knot secondary, for reference.
import { startKnotPrimary } from '../src/server/test-support/knot-primary';
import { waitForExit } from '../src/server/test-support/process';
import { startSecondary, type SecondaryKind } from '../src/server/test-support/secondaries';
import { knotc } from '../src/server/test-support/secondary-knot';
import { soaPoller } from '../src/server/test-support/soa-poll';
import {
  askSerial,
  atEnd,
  fmt,
  KEY,
  quantile,
  say,
  startServer,
  ZONE,
  type Run,
} from './transfer-support';

/** Each change is awaited before the next; a poll every ~5 ms, no `dig` process per poll. */
const POLL_MS = 5;
const FIRST_COPY_MS = 300_000;

function report(label: string, ms: number[], extra = '') {
  ms.sort((a, b) => a - b);
  const p50 = quantile(ms, 0.5);
  say(
    `${label.padEnd(30)} ${String(ms.length).padStart(3)} changes${extra}: p50 ${fmt(p50)}, p90 ${fmt(quantile(ms, 0.9))}, max ${fmt(ms.at(-1)!)}  ${p50 < 1000 ? 'ok (p50 < 1 s)' : 'OVER BUDGET (p50 >= 1 s)'}`,
  );
}

/**
 * `count` record creates, one at a time, on `kind`. Our NOTIFY targets are fixed at start, so
 * once the secondary holds the zone our server is started again, pointed at it; the next case
 * starts it again for its own secondary. Returns the run with the server now running.
 */
export async function latencyCase(run: Run, kind: SecondaryKind, count: number): Promise<Run> {
  const primary = { host: '127.0.0.1', port: run.dnsPort };
  const secondary = await startSecondary(kind, { primary, zones: [ZONE], tsig: KEY });
  const destroy = atEnd(() => secondary.destroy());
  const poller = soaPoller(secondary.port);
  const current = async () => (await askSerial(run.dnsPort)) ?? 0;
  try {
    await poller.waitFor(ZONE, await current(), FIRST_COPY_MS, 50);
    run.server.child.kill('SIGTERM');
    await waitForExit(run.server.child);
    const server = await startServer(run, secondary);
    run = { ...run, server };
    // Started again after its primary, as in production (BIND waits on a refresh begun before).
    await secondary.restart();
    await poller.waitFor(ZONE, await current(), FIRST_COPY_MS, 50);

    const ms: number[] = [];
    const own: number[] = [];
    const ours = soaPoller(run.dnsPort);
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${server.url}/v1/zones/${run.zoneId}/records/batch`, {
        method: 'POST',
        headers: run.headers,
        body: JSON.stringify({
          operations: [{ op: 'create', name: `${kind}-${i}`, type: 'A', content: '192.0.2.1' }],
        }),
      });
      const answered = performance.now();
      const body = (await res.json()) as { data: { serial: number } };
      if (!res.ok) throw new Error(`change ${i}: ${res.status} ${JSON.stringify(body)}`);
      // Where the time goes: until our own server answers the serial, then the secondary.
      await ours.waitFor(ZONE, body.data.serial, 30_000, 1);
      own.push(performance.now() - answered);
      await poller.waitFor(ZONE, body.data.serial, 30_000, POLL_MS);
      ms.push(performance.now() - answered);
    }
    ours.close();
    const kinds = secondary.transfers(ZONE)?.slice(-count);
    const ixfr = kinds ? ` (${kinds.filter((k) => k === 'IXFR').length} IXFR)` : '';
    report(`Zonedeck -> ${kind}`, ms, ixfr);
    own.sort((a, b) => a - b);
    say(
      `  of which until Zonedeck itself answers it: p50 ${fmt(quantile(own, 0.5))}, p90 ${fmt(quantile(own, 0.9))}, max ${fmt(own.at(-1)!)}`,
    );
    return run;
  } finally {
    poller.close();
    await destroy();
  }
}

/**
 * The reference: the same zone on a Knot primary NOTIFYing a Knot secondary, `count` changes
 * through knotc, each timed from knotc's commit until the secondary answers the new serial.
 */
export async function knotReference(zoneFile: string, serial: number, count: number) {
  const knot = await startKnotPrimary({ zones: { [ZONE]: zoneFile }, tsig: KEY });
  const destroyKnot = atEnd(() => knot.destroy());
  await knot.waitForSerial(ZONE, serial, 120_000);
  const secondary = await startSecondary('knot', { primary: knot, zones: [ZONE], tsig: KEY });
  const destroy = atEnd(() => secondary.destroy());
  const poller = soaPoller(secondary.port);
  try {
    await poller.waitFor(ZONE, serial, FIRST_COPY_MS, 50);
    await knot.setNotify([secondary]);
    const ms: number[] = [];
    let next = serial;
    for (let i = 0; i < count; i++) {
      await knotc(knot.dir, 'zone-begin', ZONE);
      await knotc(knot.dir, 'zone-set', ZONE, `ref-${i}.${ZONE}.`, '300', 'A', '192.0.2.1');
      await knotc(knot.dir, 'zone-commit', ZONE);
      const committed = performance.now();
      next = (next + 1) % 2 ** 32; // serial-policy: increment
      await poller.waitFor(ZONE, next, 30_000, POLL_MS);
      ms.push(performance.now() - committed);
    }
    const kinds = secondary.transfers(ZONE)?.slice(-count) ?? [];
    report('Knot primary -> knot', ms, ` (${kinds.filter((k) => k === 'IXFR').length} IXFR)`);
  } finally {
    poller.close();
    await destroy();
    await destroyKnot();
  }
}
