// `npm run bench:ui`: the dashboard's records page with zones of 1,000, 10,000 and 100,000
// records, seeded through the API of a real server process on a fresh data directory, measured in
// headless Chromium (BENCH_SIZES=1000,10000 to run fewer; CHROMIUM_PATH for another browser).
// Then the zone list of an account with 5,000 zones (BENCH_ZONES): it must fetch only the page
// it shows.
// Budgets (100,000-record zone, 2-core machine): first rows < 1 s; every record loaded < 5 s;
// search keystroke p50 < 50 ms; < 200 table rows in the DOM; JS heap < 250 MB; server RSS
// < 400 MB. It is a report: a budget over prints FAIL, and the exit code stays 0.
// Per size: navigation to first rows and to every record loaded, search keystroke latency, frame
// times while scrolling at one speed, table rows in the DOM, JS heap after GC, server RSS; then
// the ratio of the largest zone's figures to the smallest's.
import { chromium, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, waitForExit } from '../src/server/test-support/process';
import { isRecordType, normalizeContent } from '../src/shared/dns/records';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const CONCURRENCY = 24;
/** Zones for the zone list case (BENCH_ZONES=0 to skip it). */
const ZONE_LIST = Number(process.env.BENCH_ZONES ?? 5000);
/** Timed scrolling: 400 px a frame, 10 runs of 60 frames each way (about 20 s at 60 fps). */
const GLIDE = { step: 400, segments: 10, frames: 60 };
const LOAD_TIMEOUT = 180_000;
const KEY_DELAY = 120;

interface Seed {
  name: string;
  type: string;
  content: string;
  ttl: number;
}

const WORDS = ['billing', 'payroll', 'analytics', 'legacy', 'kubernetes', 'backup', 'vpn'];
const TEAMS = ['platform', 'growth', 'data', 'security', 'web'];
const pad = (k: number) => String(k).padStart(5, '0');

/**
 * A zone of exactly `size` records: 60% A hosts (some with 2-3 addresses), AAAA (dual-stack
 * hosts and v6-only ones with two), TXT (words to search for, SPF and verification pairs),
 * MX pairs and CNAMEs.
 */
function zoneRecords(zone: string, size: number): Seed[] {
  const out: Seed[] = [];
  let ip = 0;
  const v4 = () => {
    ip++;
    return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
  };
  const v6 = (k: number, n: number) =>
    `2001:db8:${(k >> 16).toString(16)}:${(k & 0xffff).toString(16)}::${n}`;
  for (let k = 0; out.length < size; k++) {
    const id = pad(k);
    const ttl = [3600, 300, 86400, 3600][k % 4]!;
    const add = (name: string, type: string, ...contents: string[]) => {
      for (const content of contents) out.push({ name, type, content, ttl });
    };
    const word = (m: number) => WORDS[(k * m) % WORDS.length]!;
    const r = k % 20;
    if (r < 12) {
      const n = k % 7 === 0 ? 3 : k % 5 === 0 ? 2 : 1;
      add(`host${id}`, 'A', ...Array.from({ length: n }, v4));
    } else if (r === 12) add(`host${pad(k - 1)}`, 'AAAA', v6(k, 1));
    else if (r === 13) add(`v6host${id}`, 'AAAA', v6(k, 1), v6(k, 2));
    else if (r === 14) {
      const team = TEAMS[k % TEAMS.length]!;
      add(`app${id}`, 'TXT', `owner=${team} ${word(3)} ${word(5)} service, ticket ${k}`);
    } else if (r === 15) {
      const token = ((k * 2654435761) >>> 0).toString(36);
      add(`host${pad(k - 4)}`, 'TXT', `v=spf1 ip4:${v4()} -all`, `site-verification=${token}`);
    } else if (r === 16 || r === 17) {
      const provider = ['mailhost', 'mxrelay', 'postbox'][k % 3]!;
      add(`mail${id}`, 'MX', `10 mx1.${provider}.example.net.`, `20 mx2.${provider}.example.net.`);
    } else if (r === 18) add(`www${id}`, 'CNAME', `host${pad(k - 8)}.${zone}.`);
    else add(`cdn${id}`, 'CNAME', `edge${k % 50}.cdn.example.net.`);
  }
  // Checked here with the service's own rules: a bad generator fails now, not minutes into seeding.
  for (const r of out) {
    const checked = isRecordType(r.type) ? normalizeContent(r.type, r.content) : null;
    if (!checked?.ok) throw new Error(`bad ${r.type} ${r.content}: ${checked?.message ?? ''}`);
  }
  return out.slice(0, size);
}

/** Indexes of the records of the RRset the page lists last (by name, numbers as numbers, then type). */
function lastRRset(records: Seed[]): number[] {
  const cmp = (a: Seed, b: Seed) =>
    a.name.localeCompare(b.name, 'en', { numeric: true }) || a.type.localeCompare(b.type);
  const last = records.reduce((m, r) => (cmp(r, m) > 0 ? r : m));
  return records.flatMap((r, i) => (cmp(r, last) === 0 ? [i] : []));
}

interface Figures {
  size: number;
  seedRate: number;
  firstRows: number;
  loaded: number;
  searchP50: number;
  searchMax: number;
  settleP50: number;
  settleMax: number;
  frameP50: number;
  frameMax: number;
  domRows: number;
  domNodes: number;
  heapMb: number;
  rssMb: number;
  notes: string[];
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

function serverMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

interface LoadMarks {
  firstRows: number | null;
  complete: number | null;
  /** What said "complete": data-load-state, or the summary text (a page without the attribute). */
  signal: string;
  failed: boolean;
}

/**
 * Runs in the page before the app: notes (at the next frame, relative to navigation start) when
 * the first record row appears and when the records section says every record is loaded.
 */
function watchLoad(size: number) {
  const marks: LoadMarks = { firstRows: null, complete: null, signal: '', failed: false };
  (window as unknown as { __bench: LoadMarks }).__bench = marks;
  const done = new RegExp(`(?:^|·\\s*)${size.toLocaleString('en')} values`);
  let rows = false;
  let complete = false;
  const check = () => {
    if (!rows && document.querySelector('tr[data-record-id]')) {
      rows = true;
      requestAnimationFrame(() => (marks.firstRows = performance.now()));
    }
    const section = document.querySelector('section.records');
    if (!complete && section) {
      const state = section.getAttribute('data-load-state');
      // Fallback for a page without data-load-state: the summary counts every value.
      const summary = section.querySelector('.toolbar-summary, [aria-live]')?.textContent ?? '';
      const fallback = !section.querySelector('[role=progressbar]') && done.test(summary.trim());
      if (state === 'failed') marks.failed = true;
      if (state === 'complete' || (state === null && fallback)) {
        complete = true;
        marks.signal = state === null ? 'summary text' : 'data-load-state';
        requestAnimationFrame(() => (marks.complete = performance.now()));
      }
    }
    if (rows && complete) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributeFilter: ['data-load-state'],
  });
}

interface SearchLog {
  lat: number[];
  settle: number[];
  finish: () => void;
}

/**
 * On the focused search box: keydown → input → next frame → task (as e2e/records-perf.spec.ts),
 * and keydown → the last change of the records section before the next key (a deferred or
 * debounced update shows there, not in the first figure).
 */
function watchSearch() {
  const input = document.activeElement as HTMLInputElement;
  let t0 = 0;
  let last = 0;
  const log: SearchLog = {
    lat: [],
    settle: [],
    finish: () => {
      if (t0 && last > t0) log.settle.push(last - t0);
      t0 = 0;
    },
  };
  (window as unknown as { __search: SearchLog }).__search = log;
  input.addEventListener(
    'keydown',
    (e) => {
      log.finish();
      t0 = e.timeStamp;
      last = 0;
    },
    true,
  );
  input.addEventListener('input', () => {
    const start = t0;
    requestAnimationFrame(() => setTimeout(() => log.lat.push(performance.now() - start)));
  });
  new MutationObserver((records) => {
    if (records.some((r) => r.target !== input)) last = performance.now();
  }).observe(input.closest('section') ?? document.body, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
}

interface ScrollPlan {
  /** Timed scrolling: px per frame (a fast wheel or fling), in `segments` runs of `frames`. */
  step: number;
  segments: number;
  frames: number;
  /** The drag: top to bottom in about this many jumps of at least a viewport each. */
  jumps: number;
  lastIds: string[];
}

/**
 * Two passes. The drag (as with the scrollbar thumb): top to bottom in jumps of a viewport or
 * more, one per frame, sampling the table's size at each; then the last RRset on screen. The
 * timed glide: `step` px per frame from top to bottom and back (a table taller than the runs
 * cover is glided through in evenly spread runs), so that every size is timed at one speed.
 * A step that ends less than half a step from where it started counts as pulled back.
 */
async function scrollThrough(plan: ScrollPlan) {
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const se = document.scrollingElement ?? document.documentElement;
  const maxTop = () => se.scrollHeight - se.clientHeight;
  let rows = 0;
  let nodes = 0;
  const sample = () => {
    const table = document.querySelector('.records-table');
    if (!table) return;
    rows = Math.max(rows, table.querySelectorAll('tr').length);
    nodes = Math.max(nodes, table.getElementsByTagName('*').length);
  };
  /** One step, then the next frame; whether the page kept at least half of it. */
  const stepBy = async (dy: number) => {
    const from = se.scrollTop;
    const want = Math.min(Math.max(from + dy, 0), maxTop());
    window.scrollBy(0, dy);
    const t = await frame();
    sample();
    return {
      t,
      kept: Math.abs(want - from) < 2 || Math.abs(se.scrollTop - from) >= Math.abs(want - from) / 2,
    };
  };

  window.scrollTo(0, 0);
  await frame();
  sample();
  const jump = Math.max(window.innerHeight, maxTop() / plan.jumps);
  let jumps = 0;
  let jumpsPulled = 0;
  for (; jumps < plan.jumps * 4 && se.scrollTop < maxTop() - 1; jumps++) {
    if (!(await stepBy(jump)).kept) jumpsPulled++;
  }
  // Rows measured on the way can make the page taller after the bottom was reached: go on to the
  // end as a user would, and count the extra jumps that took.
  let extra = 0;
  for (; extra < 20; extra++) {
    await frame();
    await frame();
    if (se.scrollTop >= maxTop() - 1) break;
    window.scrollTo(0, maxTop());
  }
  sample();
  const atBottom = se.scrollTop >= maxTop() - 1;
  const shown = plan.lastIds
    .map((id) => document.querySelector(`tr[data-record-id="${CSS.escape(id)}"]`))
    .map((el) => el?.getBoundingClientRect())
    .filter((r) => r && r.bottom > 0 && r.top < window.innerHeight).length;
  const lastSet = [...document.querySelectorAll('tbody.rrset')].at(-1)?.getAttribute('data-rrset');

  const intervals: number[] = [];
  let glided = 0;
  let glidesPulled = 0;
  const glide = async (from: number, dy: number, frames: number) => {
    window.scrollTo(0, from);
    // The jump is not timed: let its rendering finish first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await frame();
    let last = await frame();
    for (let i = 0; i < frames; i++) {
      const { t, kept } = await stepBy(dy);
      intervals.push(t - last);
      last = t;
      glided++;
      if (!kept) glidesPulled++;
      if (dy > 0 ? se.scrollTop >= maxTop() - 1 : se.scrollTop <= 0) break;
    }
  };
  const span = maxTop();
  const runs = plan.segments * plan.frames * plan.step;
  if (span <= runs) {
    await glide(0, plan.step, (span / plan.step) * 2 + 10);
    await glide(maxTop(), -plan.step, (span / plan.step) * 2 + 10);
  } else {
    for (let i = 0; i < plan.segments; i++) {
      await glide((span * i) / plan.segments, plan.step, plan.frames);
    }
    for (let i = plan.segments; i > 0; i--) {
      await glide((span * i) / plan.segments, -plan.step, plan.frames);
    }
  }
  return {
    intervals,
    glided,
    glidesPulled,
    jump,
    jumps,
    jumpsPulled,
    extra,
    rows,
    nodes,
    height: se.scrollHeight,
    atBottom,
    shown,
    lastSet: lastSet ?? '',
  };
}

async function seed(
  api: (method: string, p: string, body?: unknown) => Promise<{ data: unknown }>,
  zoneId: string,
  records: Seed[],
): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < records.length) {
        const i = next++;
        const res = await api('POST', `/v1/zones/${zoneId}/records`, records[i]);
        ids[i] = (res.data as { record: { id: string } }).record.id;
      }
    }),
  );
  return ids;
}

interface Target {
  url: string;
  key: string;
  zone: { id: string; name: string };
  size: number;
  /** The ids of the RRset the table lists last. */
  lastIds: string[];
  serverPid: number;
}

/** Fills `f` with the page's figures; what could not be measured stays NaN. */
async function measurePage(browser: Browser, target: Target, f: Figures): Promise<void> {
  const { url, key, zone, size, lastIds, serverPid } = target;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page: Page = await context.newPage();
  page.on('pageerror', (e) => f.notes.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') f.notes.push(`console error: ${m.text().slice(0, 200)}`);
  });
  try {
    // tsx keeps function names with a `__name` helper that the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.addInitScript(watchLoad, size);
    await page.goto(`${url}/#key=${encodeURIComponent(key)}`);
    await page.getByText(zone.name, { exact: true }).first().waitFor();

    await page.goto(`${url}/zones/${zone.id}/records`);
    const marks = await page
      .waitForFunction(
        () => {
          const m = (window as unknown as { __bench: LoadMarks }).__bench;
          return (m.firstRows !== null && m.complete !== null) || m.failed ? m : null;
        },
        undefined,
        { timeout: LOAD_TIMEOUT, polling: 100 },
      )
      .then((h) => h.jsonValue());
    if (!marks) throw new Error('no load marks');
    if (marks.failed) throw new Error('the records page says data-load-state="failed"');
    f.firstRows = marks.firstRows ?? NaN;
    f.loaded = marks.complete ?? NaN;
    f.notes.push(`loaded: signalled by ${marks.signal}`);

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    f.heapMb = (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;
    const mem = serverMemory(serverPid);
    f.rssMb = mem.rss;
    f.notes.push(`server RSS peak so far ${mem.peak.toFixed(0)} MB`);

    const search = page.getByLabel('Search', { exact: true });
    await search.focus();
    await page.evaluate(watchSearch);
    const summary = () =>
      page.evaluate(() => {
        const s = document.querySelector(
          'section.records .toolbar-summary, section.records [aria-live]',
        );
        const sets = document.querySelectorAll('tbody.rrset').length;
        return `${s?.textContent?.trim() ?? '?'} (${sets} tbody.rrset in the DOM)`;
      });
    const typeSlowly = async (text: string) => {
      await page.keyboard.type(text, { delay: KEY_DELAY });
      await page.waitForTimeout(400);
      f.notes.push(`search "${text}": ${await summary()}`);
    };
    const erase = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await page.keyboard.press('Backspace');
        await page.waitForTimeout(KEY_DELAY);
      }
      await page.waitForTimeout(400);
    };
    await typeSlowly('host0042');
    await erase(8);
    await typeSlowly('legacy');
    await erase(6);
    const log = await page.evaluate(() => {
      const l = (window as unknown as { __search: SearchLog }).__search;
      l.finish();
      return { lat: l.lat, settle: l.settle };
    });
    f.searchP50 = quantile(log.lat, 0.5);
    f.searchMax = Math.max(...log.lat);
    f.settleP50 = quantile(log.settle, 0.5);
    f.settleMax = Math.max(...log.settle);
    f.notes.push(
      `search: ${log.lat.length} keystrokes, p90 ${quantile(log.lat, 0.9).toFixed(0)} ms; each: ${log.lat.map((x) => x.toFixed(0)).join(' ')}`,
    );
    await page.locator('tr[data-record-id]').first().waitFor();
    await page.waitForTimeout(300);

    const s = await page.evaluate(scrollThrough, { ...GLIDE, jumps: 200, lastIds });
    f.frameP50 = quantile(s.intervals, 0.5);
    f.frameMax = Math.max(...s.intervals);
    f.domRows = s.rows;
    f.domNodes = s.nodes;
    const px = (n: number) => `${fmt(n)} px`;
    const reached = s.atBottom && s.shown > 0;
    f.notes.push(
      `scroll, timed: ${s.glided} frames of ${GLIDE.step} px, p90 ` +
        `${quantile(s.intervals, 0.9).toFixed(1)} ms; pulled back ${s.glidesPulled} times`,
      `scroll, drag: ${px(s.height)} page in jumps of ${px(s.jump)}: ${s.jumps} jumps, ` +
        `${s.jumpsPulled} pulled back; last RRset ` +
        (reached
          ? `reached (${s.shown} of its ${lastIds.length} rows on screen)`
          : `NOT reached (at bottom: ${s.atBottom}; last RRset in the DOM: "${s.lastSet}")`) +
        (s.extra ? `; the page grew at the bottom, ${s.extra} more jump(s) to the end` : ''),
    );
  } finally {
    await context.close();
  }
}

const fmt = (x: number, digits = 0) =>
  Number.isFinite(x)
    ? x.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';

const METRICS: Array<[string, (f: Figures) => number, number]> = [
  ['seeding through the API (records/s)', (f) => f.seedRate, 0],
  ['first rows (ms)', (f) => f.firstRows, 0],
  ['all records loaded (ms)', (f) => f.loaded, 0],
  ['search keystroke p50 (ms)', (f) => f.searchP50, 1],
  ['search keystroke max (ms)', (f) => f.searchMax, 1],
  ['search → last DOM change p50 (ms)', (f) => f.settleP50, 1],
  ['search → last DOM change max (ms)', (f) => f.settleMax, 1],
  ['scroll frame p50 (ms)', (f) => f.frameP50, 1],
  ['scroll frame max (ms)', (f) => f.frameMax, 1],
  ['table rows in the DOM (max)', (f) => f.domRows, 0],
  ['table DOM nodes (max)', (f) => f.domNodes, 0],
  ['JS heap after load, after GC (MB)', (f) => f.heapMb, 1],
  ['server RSS after load (MB)', (f) => f.rssMb, 0],
];

const BUDGETS: Array<[string, (f: Figures) => number, number, string]> = [
  ['first rows < 1 s', (f) => f.firstRows, 1000, 'ms'],
  ['all records loaded < 5 s', (f) => f.loaded, 5000, 'ms'],
  ['search keystroke p50 < 50 ms', (f) => f.searchP50, 50, 'ms'],
  ['table rows in the DOM < 200', (f) => f.domRows, 200, ''],
  ['JS heap < 250 MB', (f) => f.heapMb, 250, 'MB'],
  ['server RSS < 400 MB', (f) => f.rssMb, 400, 'MB'],
];

function report(all: Figures[]) {
  const out = (s: string) => process.stdout.write(`${s}\n`);
  const first = all[0]!;
  const last = all.at(-1)!;
  const ratio = all.length > 1 ? `${last.size / 1000}k/${first.size / 1000}k` : '';
  out(`\nZonedeck dashboard benchmark (${os.cpus().length} cores, Node ${process.version})`);
  out(
    `${'metric'.padEnd(38)}${all.map((f) => f.size.toLocaleString('en').padStart(11)).join('')}${ratio.padStart(11)}`,
  );
  for (const [label, get, digits] of METRICS) {
    const r = get(last) / get(first);
    const cells = all.map((f) => fmt(get(f), digits).padStart(11)).join('');
    out(
      `${label.padEnd(38)}${cells}${(ratio && Number.isFinite(r) ? `${r.toFixed(1)}×` : '').padStart(11)}`,
    );
  }
  for (const f of all) {
    out(`\n${f.size.toLocaleString('en')} records:`);
    for (const n of f.notes) out(`  ${n}`);
  }
  const at = last.size === 100_000 ? '' : ` (measured at ${last.size.toLocaleString('en')})`;
  out(`\nBudgets, 100,000-record zone${at}:`);
  for (const [label, get, max, unit] of BUDGETS) {
    const v = get(last);
    const verdict = v < max ? 'PASS' : 'FAIL';
    out(
      `  ${verdict}  ${label.padEnd(30)}${fmt(v, unit === 'MB' ? 1 : 0).padStart(9)} ${unit}`.trimEnd(),
    );
  }
}

/** The zone list of an account with many zones: what it fetches and draws for one page. */
interface ZoneListFigures {
  zones: number;
  seedRate: number;
  /** Navigation to the first zone rows, first page and last page. */
  firstMs: number;
  lastPageMs: number;
  /** Zone list requests, and the most zones any of them asked for. */
  requests: number;
  largestLimit: number;
  domRows: number;
}

async function measureZoneList(
  browser: Browser,
  url: string,
  key: string,
  api: (method: string, p: string, body?: unknown) => Promise<{ data: unknown }>,
  count: number,
): Promise<ZoneListFigures> {
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        await api('POST', '/v1/zones', { name: `list-${pad(i)}.bench.example` });
      }
    }),
  );
  const seedRate = count / ((Date.now() - started) / 1000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.goto(`${url}/#key=${encodeURIComponent(key)}`);
    await page.locator('table tbody tr a').first().waitFor();
    const limits: number[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/v1/zones') limits.push(Number(u.searchParams.get('limit') ?? 50));
    });
    const timeTo = async (path: string) => {
      await page.goto(`${url}${path}`);
      await page.locator('table tbody tr a').first().waitFor();
      return page.evaluate(() => performance.now());
    };
    const firstMs = await timeTo('/');
    const total = count + SIZES.length;
    const lastPageMs = await timeTo(`/?page=${Math.ceil(total / 25)}&size=25`);
    const domRows = await page.locator('table tbody tr').count();
    return {
      zones: total,
      seedRate,
      firstMs,
      lastPageMs,
      requests: limits.length,
      largestLimit: Math.max(...limits),
      domRows,
    };
  } finally {
    await context.close();
  }
}

function reportZoneList(z: ZoneListFigures) {
  console.log(
    `\nZone list with ${fmt(z.zones)} zones (seeded through the API at ${fmt(z.seedRate)}/s):\n` +
      `  first rows ${fmt(z.firstMs)} ms after navigation; last page ${fmt(z.lastPageMs)} ms\n` +
      `  ${z.requests} zone list requests for 2 page views, the largest for ${z.largestLimit} zones; ` +
      `${z.domRows} table rows in the DOM`,
  );
  const ok = z.requests <= 2 && z.largestLimit <= 100;
  console.log(
    `  ${ok ? 'PASS' : 'FAIL'}  fetches only the page it shows (one request per page, at most 100 zones)`,
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-ui-'));
  // API_RATE_LIMIT=0: it seeds up to 100,000 records through the API with one key at full speed.
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', API_RATE_LIMIT: '0' });
  const key = server.signInKey;
  let browser: Browser | undefined;
  try {
    if (!key) throw new Error('the server printed no sign-in key');
    const api = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(server.url + p, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { data: unknown };
    };
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--enable-precise-memory-info',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    const all: Figures[] = [];
    for (const size of SIZES) {
      const name = `bench-ui-${size}.example`;
      const zone = (await api('POST', '/v1/zones', { name })).data as { id: string };
      const records = zoneRecords(name, size);
      process.stdout.write(`Seeding ${size.toLocaleString('en')} records through the API… `);
      const started = Date.now();
      let ids: string[];
      try {
        ids = await seed(api, zone.id, records);
      } catch (e) {
        process.stdout.write(`FAILED: ${e instanceof Error ? e.message : String(e)}\n`);
        break;
      }
      const seconds = (Date.now() - started) / 1000;
      const f: Figures = {
        size,
        seedRate: size / seconds,
        firstRows: NaN,
        loaded: NaN,
        searchP50: NaN,
        searchMax: NaN,
        settleP50: NaN,
        settleMax: NaN,
        frameP50: NaN,
        frameMax: NaN,
        domRows: NaN,
        domNodes: NaN,
        heapMb: NaN,
        rssMb: NaN,
        notes: [],
      };
      process.stdout.write(`${seconds.toFixed(1)} s (${fmt(f.seedRate)}/s); measuring the page…\n`);
      const lastIds = lastRRset(records).map((i) => ids[i]!);
      try {
        await measurePage(
          browser,
          {
            url: server.url,
            key,
            zone: { id: zone.id, name },
            size,
            lastIds,
            serverPid: server.child.pid!,
          },
          f,
        );
      } catch (e) {
        f.notes.push(
          `MEASUREMENT FAILED: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
        );
      }
      all.push(f);
    }
    if (all.length) report(all);
    if (ZONE_LIST > 0)
      reportZoneList(await measureZoneList(browser, server.url, key, api, ZONE_LIST));
  } finally {
    await browser?.close();
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:ui failed: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
