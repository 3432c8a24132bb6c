// `npm run bench:dns`: queries per second, server CPU per answered query (steady state, and for
// a first answer, built and signed), latency at a fixed 10,000 qps, and the memory of the
// in-memory view with 100,000 records; then the CPU per query with response rate limiting on
// and off (two servers on copies of the data, runs alternated); and the same with usage counting
// on and off (BENCH_USAGE_COUNTING, a switch for this bench only), and ours against Node's floor
// (a bare UDP echo). Those two comparisons run twice: in turns (alternated rounds), and with both
// servers loaded at the same time, which cancels what the shared machine does between turns.
// Budgets (2-core machine, load generator sharing it): >= 20,000 qps signed answers included;
// <= 15 µs server CPU per answered query; view under 1 KB per record; RRL adds < 1 µs a query;
// usage counting (by hour, type and outcome) within 1.1× of the CPU per query without it; the
// whole hot path within 1.3× of the floor.
import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { spawnServer, waitForExit, type ServerProcess } from '../src/server/test-support/process';
import { percentile, queryPackets, runLoad } from './dns-load';
import { hotPathFigures } from './dns-hot-path';
import { microFigures } from './dns-rrl';
import { treeCpuSeconds } from './machine-floors';
import { seedZone } from '../src/server/test-support/seed';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
/** DNS processes of the multi-process run: one per core unless BENCH_WORKERS says. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const A_NAMES = Math.floor(RECORDS * 0.8);
const MX_NAMES = RECORDS - A_NAMES;
const ZONE = 'bench.example';
// The benchmark asks from one address: RRL on with rates no single source reaches, so that the
// figures include its bookkeeping but nothing is dropped; or off.
const RRL_ON = { DNS_RRL_RATE: '100000000', DNS_RRL_ERRORS_RATE: '100000000' };
const RRL_OFF = { DNS_RRL_RATE: '0' };
const COUNTING_OFF = { ...RRL_ON, BENCH_USAGE_COUNTING: 'off' };

function seed(dataDir: string): Promise<string> {
  return seedZone(dataDir, ZONE, RECORDS, (i) =>
    i < A_NAMES
      ? {
          name: `h${i}.${ZONE}.`,
          type: 'A',
          content: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        }
      : { name: `m${i - A_NAMES}.${ZONE}.`, type: 'MX', content: `10 mail${i % 100}.${ZONE}.` },
  );
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? NaN);
}

/** CPU seconds of the process and its children (the DNS workers), living now. */
/** What the load runs against: a server, or the bare responder of Node's floor. */
type Target = Pick<ServerProcess, 'child' | 'dnsPort'>;

/** The bare UDP responder (udp-floor.mjs), plain Node. */
async function startFloor(): Promise<Target> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'udp-floor.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const dnsPort = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`udp-floor exited with ${code}`)));
  });
  return { child, dnsPort };
}

function mix(count: number) {
  const q: { name: string; type: string }[] = [];
  for (let i = 0; i < count; i++) {
    const r = (i * 7919) % 100;
    const n = (i * 104729) % 1_000_003;
    if (r < 60) q.push({ name: `h${n % A_NAMES}.${ZONE}`, type: 'A' });
    else if (r < 80) q.push({ name: `nx${n}.${ZONE}`, type: 'A' });
    else q.push({ name: `m${n % Math.max(1, MX_NAMES)}.${ZONE}`, type: 'MX' });
  }
  return q;
}

const hasDnsperf = spawnSync('dnsperf', ['-h']).error === undefined;

/**
 * Asks every distinct question once (building, signing and caching its answer) and returns
 * the server CPU per such first answer; the throughput runs then measure the steady state.
 */
async function warmUp(
  server: Target,
  dnssecOk: boolean,
  questions: { name: string; type: string }[],
) {
  const cpu0 = treeCpuSeconds(server.child.pid!);
  const r = await runLoad({
    host: '127.0.0.1',
    port: server.dnsPort,
    packets: queryPackets(questions, dnssecOk),
    seconds: 30,
    inFlight: 50,
    total: questions.length,
  });
  return ((treeCpuSeconds(server.child.pid!) - cpu0) * 1e6) / Math.max(1, r.answered);
}

async function throughput(server: Target, dnssecOk: boolean) {
  const questions = mix(20_000);
  const coldUs = await warmUp(server, dnssecOk, [
    ...new Map(questions.map((q) => [`${q.name} ${q.type}`, q])).values(),
  ]);
  const cpu0 = treeCpuSeconds(server.child.pid!);
  const { answered, seconds } = await load(server, questions, 4, dnssecOk);
  const cpu = treeCpuSeconds(server.child.pid!) - cpu0;
  return { qps: answered / seconds, cpuUsPerQuery: (cpu * 1e6) / answered, coldUs };
}

async function latency(server: ServerProcess, dnssecOk: boolean) {
  const r = await runLoad({
    host: '127.0.0.1',
    port: server.dnsPort,
    packets: queryPackets(mix(20_000), dnssecOk),
    seconds: 5,
    qps: 10_000,
  });
  const sorted = r.latenciesMs.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    lost: r.sent - r.answered,
    sent: r.sent,
  };
}

/** Turns DNSSEC on for the seeded zone, through the API. */
async function signZone(server: ServerProcess, key: string) {
  const api = (method: string, p: string, body?: unknown) =>
    fetch(server.url + p, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).then((r) => r.json() as Promise<{ data: { zones: { id: string }[] } }>);
  const zoneId = (await api('GET', '/v1/zones')).data.zones[0]!.id;
  await api('PATCH', `/v1/zones/${zoneId}/dnssec/status`, { enabled: true });
}

/** CPU per query of `on` and `off`, 4 rounds alternated in both orders against drift. */
async function alternated(on: Target, off: Target, rounds = 4) {
  return (await alternatedRuns(on, off, rounds)).map((r) => ({
    on: r.on.cpuUsPerQuery,
    off: r.off.cpuUsPerQuery,
  }));
}

type Run = Awaited<ReturnType<typeof throughput>>;

let loads = 0;

/**
 * `questions` asked of `target` for SECONDS by `clients` dnsperf clients (100 queries in flight
 * each), or by the built-in generator with as many in flight; several may run at once.
 */
async function load(
  target: Target,
  questions: { name: string; type: string }[],
  clients: number,
  dnssecOk: boolean,
): Promise<{ answered: number; seconds: number }> {
  if (!hasDnsperf) {
    const r = await runLoad({
      host: '127.0.0.1',
      port: target.dnsPort,
      packets: queryPackets(questions, dnssecOk),
      seconds: SECONDS,
      inFlight: 75 * clients,
    });
    return { answered: r.answered, seconds: r.seconds };
  }
  const file = path.join(os.tmpdir(), `zonedeck-dnsperf-${process.pid}-${loads++}.txt`);
  fs.writeFileSync(file, questions.map((q) => `${q.name} ${q.type}`).join('\n') + '\n');
  try {
    const { stdout } = await promisify(execFile)(
      'dnsperf',
      ['-s', '127.0.0.1', '-p', String(target.dnsPort), '-d', file, '-l', String(SECONDS)]
        .concat(['-c', String(clients), '-q', String(100 * clients)])
        .concat(dnssecOk ? ['-D'] : ['-e']),
      { encoding: 'utf8' },
    );
    return {
      answered: Number(/Queries completed:\s+(\d+)/.exec(stdout)?.[1]),
      seconds: Number(/Run time \(s\):\s+([\d.]+)/.exec(stdout)?.[1]),
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Server CPU per answered query of `target` under a load of two clients. */
async function cpuPerQuery(target: Target, questions: { name: string; type: string }[]) {
  const cpu0 = treeCpuSeconds(target.child.pid!);
  const { answered } = await load(target, questions, 2, false);
  return ((treeCpuSeconds(target.child.pid!) - cpu0) * 1e6) / answered;
}

/**
 * CPU per query of `on` and `off` loaded at the same time, by two equal loads: whatever the
 * machine does meanwhile (other tenants, clock speed) it does to both, which runs taken in turn
 * cannot promise. Both are warm (their answers cached) before this runs.
 */
async function loadedAtOnce(on: Target, off: Target, rounds = 4) {
  const questions = mix(20_000);
  const out: { on: number; off: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    const [a, b] = await Promise.all([cpuPerQuery(on, questions), cpuPerQuery(off, questions)]);
    out.push({ on: a, off: b });
  }
  return out;
}

async function alternatedRuns(on: Target, off: Target, count: number) {
  const rounds: { on: Run; off: Run }[] = [];
  for (let r = 0; r < count; r++) {
    const first = r % 2 ? off : on;
    const a = await throughput(first, false);
    const b = await throughput(first === on ? off : on, false);
    rounds.push(first === on ? { on: a, off: b } : { on: b, off: a });
  }
  return rounds;
}

async function main() {
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-empty-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-dns-'));
  const offDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-dns-off-'));
  const servers: ServerProcess[] = [];
  const dirs = [emptyDir, dataDir, offDir];
  try {
    const empty = await spawnServer({ DATA_DIR: emptyDir, LOG_LEVEL: 'warn', ...RRL_ON });
    servers.push(empty);
    await new Promise((r) => setTimeout(r, 1500));
    const baseRss = rssKb(empty.child.pid!);

    process.stdout.write(`Seeding ${RECORDS.toLocaleString('en')} records into ${ZONE}…\n`);
    const key = await seed(dataDir);
    const t0 = Date.now();
    // BENCH_PROFILE=<dir> writes a V8 CPU profile of the loaded server there.
    const profile = process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
    const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...RRL_ON }, profile);
    servers.push(server);
    const startSeconds = (Date.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 1500));
    const loadedRss = rssKb(server.child.pid!);

    await signZone(server, key);

    const plain = await throughput(server, false);
    const signed = await throughput(server, true);
    const latPlain = await latency(server, false);
    const latSigned = await latency(server, true);

    // RRL on and off: two fresh servers on two copies of the data (the one above has served
    // signed runs: more state), runs alternated in both orders against drift in the load.
    const offKey = await seed(offDir);
    const off = await spawnServer({ DATA_DIR: offDir, LOG_LEVEL: 'warn', ...RRL_OFF });
    servers.push(off);
    await signZone(off, offKey);
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    const on = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...RRL_ON });
    servers.push(on);
    const rounds = await alternated(on, off);
    // Usage counting on and off: `on` counts; a fourth copy answers without counting.
    const uncountedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-dns-nocount-'));
    dirs.push(uncountedDir);
    const uncountedKey = await seed(uncountedDir);
    const uncounted = await spawnServer({
      DATA_DIR: uncountedDir,
      LOG_LEVEL: 'warn',
      ...COUNTING_OFF,
    });
    servers.push(uncounted);
    await signZone(uncounted, uncountedKey);
    const countRounds = await alternated(on, uncounted);
    const countPairs = await loadedAtOnce(on, uncounted);
    const micro = microFigures();
    const hot = await hotPathFigures(uncountedDir, queryPackets(mix(20_000), false));
    // Node's floor: the bare responder, under the same load, alternated with the counting server.
    const floor = await startFloor();
    let floorRounds: { on: number; off: number }[];
    let floorPairs: { on: number; off: number }[];
    try {
      floorRounds = await alternated(on, floor);
      floorPairs = await loadedAtOnce(on, floor);
    } finally {
      floor.child.kill('SIGTERM');
      await waitForExit(floor.child);
    }
    // Several processes: the RRL-off server's copy, served again with DNS_WORKERS processes
    // and the settings of `on` (one process), alternated with it.
    off.child.kill('SIGTERM');
    await waitForExit(off.child);
    const multi = await spawnServer({
      DATA_DIR: offDir,
      LOG_LEVEL: 'warn',
      ...RRL_ON,
      DNS_WORKERS: String(WORKERS),
    });
    servers.push(multi);
    const coreRuns = await alternatedRuns(multi, on, 2);

    const perRecord = ((loadedRss - baseRss) * 1024) / RECORDS;
    const line = (label: string, value: string, budget = '') =>
      process.stdout.write(`${label.padEnd(52)}${value.padStart(14)}  ${budget}\n`);
    process.stdout.write(
      `\nZonedeck DNS benchmark (${os.cpus().length} cores, Node ${process.version}, load: ${hasDnsperf ? 'dnsperf' : 'built-in generator'}, ${SECONDS} s runs)\n`,
    );
    process.stdout.write(
      'Mix: 60 % existing A names, 20 % NXDOMAIN, 20 % MX; the zone is signed (DNSSEC on).\n\n',
    );
    line('start with records loaded (s)', startSeconds.toFixed(1));
    line('server RSS, empty (MB)', (baseRss / 1024).toFixed(1));
    line(`server RSS, ${RECORDS.toLocaleString('en')} records (MB)`, (loadedRss / 1024).toFixed(1));
    line(
      'in-memory view per record (bytes)',
      perRecord.toFixed(0),
      perRecord < 1024 ? 'ok (< 1 KB)' : 'OVER BUDGET (>= 1 KB)',
    );
    for (const [label, r] of [
      ['without DO', plain],
      ['with DO (signed)', signed],
    ] as const) {
      line(
        `queries per second, ${label}`,
        r.qps.toFixed(0),
        r.qps >= 20_000 ? 'ok (>= 20,000)' : 'OVER BUDGET (< 20,000)',
      );
      line(
        `server CPU per answered query, ${label} (µs)`,
        r.cpuUsPerQuery.toFixed(1),
        r.cpuUsPerQuery <= 15 ? 'ok (<= 15 µs)' : 'OVER BUDGET (> 15 µs)',
      );
      // Each distinct question once, from an empty cache: the answer is built (and with DO
      // signed) before it is cached; the line above is the steady state after that.
      line(`server CPU per first answer, ${label} (µs)`, r.coldUs.toFixed(1), 'cold, no budget');
    }
    for (const [label, r] of [
      ['without DO', latPlain],
      ['with DO', latSigned],
    ] as const) {
      line(
        `latency at 10,000 qps, ${label}: p50 / p99 (ms)`,
        `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)}`,
        `${r.lost} of ${r.sent} lost`,
      );
    }
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((x, y) => x - y);
      return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
    };
    const onUs = median(rounds.map((r) => r.on));
    const offUs = median(rounds.map((r) => r.off));
    process.stdout.write('\nResponse rate limiting (rates set so high that nothing is dropped):\n');
    line(
      'CPU per query without DO, on/off, 4 rounds',
      rounds.map((r) => `${r.on.toFixed(1)}/${r.off.toFixed(1)}`).join(' '),
    );
    line('server CPU per query, RRL on, median (µs)', onUs.toFixed(1));
    line('server CPU per query, RRL off, median (µs)', offUs.toFixed(1));
    line(
      'difference, on - off (µs)',
      (onUs - offUs).toFixed(2),
      onUs - offUs < 1 ? 'ok (< 1 µs)' : 'over 1 µs, or noise: compare the rounds',
    );
    line(
      'RRL bookkeeping per query, in-process (µs)',
      (micro.rrlNs / 1000).toFixed(2),
      micro.rrlNs < 1000 ? 'ok (< 1 µs)' : 'OVER BUDGET (>= 1 µs)',
    );
    line(
      'rcode count: array / labelled inc() (ns)',
      `${micro.arrayNs.toFixed(0)} / ${micro.incNs.toFixed(0)}`,
    );

    // Two servers loaded at the same time: each round's ratio, and their median.
    const atOnce = (label: string, pairs: { on: number; off: number }[], budget: number) => {
      line(
        `CPU per query, ${label} at once, ${pairs.length} rounds`,
        pairs.map((r) => `${r.on.toFixed(1)}/${r.off.toFixed(1)}`).join(' '),
      );
      const r = median(pairs.map((p) => p.on / p.off));
      line(
        `ratio, ${label} at once (median of rounds)`,
        `${r.toFixed(3)}×`,
        r <= budget ? `ok (<= ${budget}×)` : `OVER BUDGET (> ${budget}×)`,
      );
    };
    const countedUs = median(countRounds.map((r) => r.on));
    const uncountedUs = median(countRounds.map((r) => r.off));
    const ratio = countedUs / uncountedUs;
    process.stdout.write('\nUsage counting (per zone, UTC hour, query type and outcome):\n');
    line(
      'CPU per query without DO, counting on/off, 4 rounds',
      countRounds.map((r) => `${r.on.toFixed(1)}/${r.off.toFixed(1)}`).join(' '),
    );
    line('server CPU per answered query, counting on (µs)', countedUs.toFixed(2));
    line('server CPU per answered query, counting off (µs)', uncountedUs.toFixed(2));
    line(
      'ratio, on / off',
      `${ratio.toFixed(3)}×`,
      ratio <= 1.1 ? 'ok (<= 1.1×)' : 'OVER BUDGET (> 1.1×), or noise: compare the rounds',
    );
    atOnce('counting on/off', countPairs, 1.1);
    line('usage counting per query, in-process (ns)', micro.usageNs.toFixed(0));
    line(
      '  of which the top-names sketch: names turn over / 50 hot / no sketch (ns)',
      `${micro.usageNs.toFixed(0)} / ${micro.usageHotNs.toFixed(0)} / ${micro.cellsOnlyNs.toFixed(0)}`,
    );
    line('  and the RRset cell (ADR 0017), in-process (ns)', micro.rrsetNs.toFixed(0));

    const floorUs = median(floorRounds.map((r) => r.off));
    const oursUs = median(floorRounds.map((r) => r.on));
    const floorRatio = oursUs / floorUs;
    process.stdout.write(
      "\nNode's floor (a bare UDP responder that only sets QR and sends the datagram back):\n",
    );
    line(
      'CPU per query without DO, ours/floor, 4 rounds',
      floorRounds.map((r) => `${r.on.toFixed(1)}/${r.off.toFixed(1)}`).join(' '),
    );
    line('server CPU per answered query, ours (µs)', oursUs.toFixed(2));
    line('CPU per answered query, the floor (µs)', floorUs.toFixed(2));
    line(
      'ratio, ours / floor',
      `${floorRatio.toFixed(3)}×`,
      floorRatio <= 1.3 ? 'ok (<= 1.3×)' : 'OVER BUDGET (> 1.3×), or noise: compare the rounds',
    );
    atOnce('ours/floor', floorPairs, 1.3);
    line(
      'our JavaScript per answer, in-process, counting on / off (µs)',
      `${(hot.countedNs / 1000).toFixed(2)} / ${(hot.uncountedNs / 1000).toFixed(2)}`,
    );

    const qps1 = median(coreRuns.map((r) => r.off.qps));
    const qpsN = median(coreRuns.map((r) => r.on.qps));
    process.stdout.write(
      `\nSeveral processes (DNS_WORKERS=${WORKERS}; the load generator shares the ${os.availableParallelism()} cores):\n`,
    );
    line(
      `queries per second, 1 / ${WORKERS} processes, 2 rounds`,
      coreRuns.map((r) => `${r.off.qps.toFixed(0)}/${r.on.qps.toFixed(0)}`).join(' '),
    );
    line('queries per second, 1 process, median', qps1.toFixed(0));
    line(
      `queries per second, ${WORKERS} processes, median`,
      qpsN.toFixed(0),
      `${(qpsN / qps1).toFixed(2)}× one process`,
    );
    line(
      `CPU per answered query, 1 / ${WORKERS} processes (µs, all processes)`,
      `${median(coreRuns.map((r) => r.off.cpuUsPerQuery)).toFixed(1)} / ${median(coreRuns.map((r) => r.on.cpuUsPerQuery)).toFixed(1)}`,
    );
  } finally {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await waitForExit(s.child);
    }
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:dns failed: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
