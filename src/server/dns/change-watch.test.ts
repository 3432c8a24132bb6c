// The change watch on real zone views and a clock the test moves: what each name got before
// (asked of the view before the change is applied), exact counts per name and minute, the caps,
// the verdict's threshold, revert and expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WATCH_ALERT_FAILURES,
  WATCH_CHANGES_MAX,
  WATCH_NAMES_MAX,
} from '../../shared/api/usage-watch';
import type { RRsetChange, ZoneEvent } from '../events';
import { ChangeWatch } from './change-watch';
import { watchReport } from './change-watch-report';
import { loadZones, type LoadedZones } from './resolve-fixture';

const Z = 'watch.test';
let zones: LoadedZones;
let zoneId = '';
let serial = 1_000;
beforeAll(async () => {
  zones = await loadZones({
    [Z]: [
      ['www', 'A', '192.0.2.1'],
      ['mail', 'A', '192.0.2.2'],
      ['mail', 'MX', `10 mail.${Z}.`],
      ['alias', 'CNAME', `mail.${Z}.`],
      ...Array.from(
        { length: 60 },
        (_, i) => [`h${i}`, 'A', '192.0.2.9'] as [string, string, string],
      ),
    ],
    'other.test': [['www', 'A', '192.0.2.3']],
    'third.test': [['www', 'A', '192.0.2.4']],
  });
  zoneId = zones.views.findZone(Z)!.id;
  // The tests change the same views one after another, as the server would.
});
afterAll(() => zones.close());

/** Applies a change as the server does: the watch reads the view first, then the view applies. */
async function change(
  watch: ChangeWatch,
  id: string,
  rrsets: RRsetChange[],
  opts: { zone?: string; reverts?: string } = {},
) {
  const zone = zones.views.findZone(opts.zone ?? Z)!;
  const e: ZoneEvent = {
    kind: 'rrsets',
    zoneId: zone.id,
    zone: { serial: ++serial, ttl: 3600, status: 'active' },
    rrsets,
    changeId: id,
    ...(opts.reverts ? { reverts: opts.reverts } : {}),
  };
  watch.onEvent(e, zones.views);
  await zones.views.apply(e);
}
const removed = (name: string, type: string): RRsetChange => ({ name: `${name}.`, type, rows: [] });
const holding = (name: string, type: string, content: string): RRsetChange => ({
  name: `${name}.`,
  type,
  rows: [{ content, ttl: 300, disabled: false }],
});
const hits = (
  w: ChangeWatch,
  n: number,
  name: string,
  type: string,
  outcome: 'answer' | 'nxdomain' | 'nodata',
) => {
  for (let i = 0; i < n; i++) w.hit(zoneId, name, type, outcome);
};

describe('ChangeWatch', () => {
  it('says what each name got before, and counts exactly what fails since', async () => {
    let now = Date.parse('2026-11-25T10:00:00Z');
    const watch = new ChangeWatch(() => now);
    await change(watch, 'chg_del', [removed(`www.${Z}`, 'A'), holding(`new.${Z}`, 'TXT', '"hi"')]);
    const [c] = watch.watched(zoneId);
    expect(c!.id).toBe('chg_del');
    const before = (n: string) => c!.names.get(n)!.before;
    // www answered A; other types got NODATA. The new name did not exist.
    expect([...before(`www.${Z}`).answered]).toEqual(['A']);
    expect(before(`www.${Z}`)).toMatchObject({ everyType: false, other: 'nodata' });
    expect([...before(`new.${Z}`).answered]).toEqual([]);
    expect(before(`new.${Z}`).other).toBe('nxdomain');

    hits(watch, 7, `www.${Z}`, 'A', 'nxdomain'); // answered before: failed
    hits(watch, 3, `www.${Z}`, 'AAAA', 'nxdomain'); // NODATA before: not a failure of the change
    hits(watch, 4, `new.${Z}`, 'TXT', 'answer');
    hits(watch, 5, `mail.${Z}`, 'A', 'answer'); // not a name of the change
    now += 3 * 60_000 + 1;
    hits(watch, 2, `www.${Z}`, 'A', 'nxdomain');
    hits(watch, 1, `new.${Z}`, 'A', 'nodata');

    const r = watchReport(c!, 'Deleted A www', now);
    expect(r.failed).toBe(9);
    expect(r.names_changed).toBe(2);
    expect(r.names.map((n) => [n.name, n.after])).toEqual([
      [
        `www.${Z}.`,
        {
          answer: 0,
          nxdomain: 12,
          nodata: 0,
          failed: { nxdomain: 9, nodata: 0, by_type: { A: 9 } },
        },
      ],
      [
        `new.${Z}.`,
        { answer: 4, nxdomain: 0, nodata: 1, failed: { nxdomain: 0, nodata: 0, by_type: {} } },
      ],
    ]);
    expect(r.minutes.map((m) => [m.answer, m.nxdomain, m.nodata, m.failed])).toEqual([
      [4, 10, 0, 7],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 2, 1, 2],
    ]);
    expect(r.minutes[3]!.start).toBe('2026-11-25T10:03:00.000Z');
    expect(r.verdict.status).toBe('ok');
    expect(r.verdict.reason).toMatch(/9 queries .* alert comes from 10/);

    // The tenth failure turns the verdict.
    hits(watch, WATCH_ALERT_FAILURES - 9, `www.${Z}`, 'A', 'nxdomain');
    const alert = watchReport(c!, null, now).verdict;
    expect(alert.status).toBe('alert');
    expect(alert.reason).toBe(
      `10 queries for www.${Z}. got NXDOMAIN. Before the change they were answered.`,
    );
  });

  it('takes every type as answered at a CNAME, and NODATA of a type answered before as failed', async () => {
    const now = Date.parse('2026-11-25T11:00:00Z');
    const watch = new ChangeWatch(() => now);
    await change(watch, 'chg_cname', [removed(`alias.${Z}`, 'CNAME'), removed(`mail.${Z}`, 'MX')]);
    const [c] = watch.watched(zoneId);
    expect(c!.names.get(`alias.${Z}`)!.before.everyType).toBe(true);
    expect([...c!.names.get(`mail.${Z}`)!.before.answered].sort()).toEqual(['A', 'MX']);
    hits(watch, 3, `alias.${Z}`, 'TXT', 'nxdomain');
    hits(watch, 2, `mail.${Z}`, 'MX', 'nodata');
    hits(watch, 2, `mail.${Z}`, 'A', 'answer');
    const r = watchReport(c!, null, now);
    expect(r.failed).toBe(5);
    expect(r.names.find((n) => n.name === `mail.${Z}.`)!.after.failed).toEqual({
      nxdomain: 0,
      nodata: 2,
      by_type: { MX: 2 },
    });
  });

  it('watches at most WATCH_NAMES_MAX names, the emptied ones first', async () => {
    const watch = new ChangeWatch(() => Date.parse('2026-11-25T12:00:00Z'));
    const kept = Array.from({ length: 20 }, (_, i) => holding(`h${i}.${Z}`, 'TXT', '"x"'));
    const gone = Array.from({ length: 40 }, (_, i) => removed(`h${i + 20}.${Z}`, 'A'));
    await change(watch, 'chg_many', [...kept, ...gone, removed(`*.${Z}`, 'A')]);
    const [c] = watch.watched(zoneId);
    expect(c!.names.size).toBe(WATCH_NAMES_MAX);
    expect(c!.namesChanged).toBe(60); // the wildcard owner is not a name anybody asks
    expect([...c!.names.keys()].every((n) => Number(n.slice(1).split('.')[0]) >= 20)).toBe(true);
  });

  it(`keeps ${WATCH_CHANGES_MAX} changes per zone and a bounded number of zones`, async () => {
    const now = Date.parse('2026-11-25T13:00:00Z');
    const watch = new ChangeWatch(() => now, 2);
    for (let i = 0; i < WATCH_CHANGES_MAX + 2; i++)
      await change(watch, `chg_${i}`, [holding(`h${i}.${Z}`, 'A', '192.0.2.7')]);
    const ids = watch.watched(zoneId).map((c) => c.id);
    expect(ids).toHaveLength(WATCH_CHANGES_MAX);
    expect(ids[0]).toBe(`chg_${WATCH_CHANGES_MAX + 1}`); // newest first; chg_0 and chg_1 gave way
    expect(ids).not.toContain('chg_1');
    await change(watch, 'chg_o', [holding('www.other.test', 'A', '192.0.2.8')], {
      zone: 'other.test',
    });
    expect(watch.zones.size).toBe(2);
    await change(watch, 'chg_t', [holding('www.third.test', 'A', '192.0.2.8')], {
      zone: 'third.test',
    });
    expect(watch.zones.size).toBe(2);
    expect(watch.watched(zoneId)).toEqual([]); // the zone whose last change is oldest went
  });

  it('keeps a bounded number of names over all zones, the oldest changes giving way', async () => {
    const now = Date.parse('2026-11-25T13:30:00Z');
    const watch = new ChangeWatch(() => now, 10, 3);
    await change(watch, 'chg_two', [removed(`h1.${Z}`, 'A'), removed(`h2.${Z}`, 'A')]);
    await change(watch, 'chg_one', [removed('www.other.test', 'A')], { zone: 'other.test' });
    expect(watch.watched(zoneId).map((c) => c.id)).toEqual(['chg_two']);
    await change(watch, 'chg_next', [holding('www.third.test', 'A', '192.0.2.9')], {
      zone: 'third.test',
    });
    // 4 names > 3: the zone whose last change is oldest lets its oldest change go.
    expect(watch.watched(zoneId)).toEqual([]);
    expect(watch.zones.size).toBe(2);
  });

  it('stops counting a reverted change, and lets go of every zone after 15 minutes', async () => {
    let now = Date.parse('2026-11-25T14:00:00Z');
    const watch = new ChangeWatch(() => now);
    await change(watch, 'chg_gone', [removed(`mail.${Z}`, 'A')]);
    hits(watch, 2, `mail.${Z}`, 'A', 'nodata');
    await change(watch, 'chg_back', [holding(`mail.${Z}`, 'A', '192.0.2.2')], {
      reverts: 'chg_gone',
    });
    hits(watch, 5, `mail.${Z}`, 'A', 'nodata');
    const [back, gone] = watch.watched(zoneId);
    expect(back!.id).toBe('chg_back');
    expect(gone!.failed).toBe(2);
    expect(watchReport(gone!, null, now).verdict).toEqual({
      status: 'reverted',
      reason: 'Reverted by change chg_back; no longer counted.',
    });
    // The revert's own watch: mail did not answer A before it, so nothing counts as its failure.
    expect(back!.failed).toBe(0);
    await change(watch, 'chg_quiet', [holding('www.other.test', 'A', '192.0.2.3')], {
      zone: 'other.test',
    });
    now += 15 * 60_000;
    hits(watch, 1, `www.${Z}`, 'A', 'answer');
    expect(watch.zones.size).toBe(1); // the zone asked about let go; the quiet one waits
    watch.sweep(); // as the usage flush does every few seconds
    expect(watch.zones.size).toBe(0); // the hot path's check is a size test again
    expect(watch.watched(zoneId)).toEqual([]);
  });
});
