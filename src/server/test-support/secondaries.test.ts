// Proves the secondaries harness against a real primary (Knot), before our own transfer server
// exists: each engine serves the zone, follows a change by NOTIFY and IXFR within 2 s, never
// gets the zone with a wrong TSIG key, and (Knot, BIND) follows a catalog zone's members.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { dig } from './dns-tools';
import { catalogZoneText, startKnotPrimary, testZoneText, type KnotPrimary } from './knot-primary';
import { startSecondary, type Secondary, type SecondaryKind } from './secondaries';
import type { TsigKey } from './secondary';

const ZONE = 'example.test';
const tsig: TsigKey = {
  name: 'zonedeck-xfr',
  algorithm: 'hmac-sha256',
  secret: randomBytes(32).toString('base64'),
};
// The machine is shared and slow: generous for a first transfer, 2 s for a NOTIFY-driven one.
const FIRST = 30_000;
// A bound, not the budget (the benchmark measures that): refreshes come every 10 s at most.
const NOTIFIED = 8_000;

let started: { destroy(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.map((daemon) => daemon.destroy()));
  started = [];
});

/** Cleans `daemon` up after the test, and shows its log when the test fails. */
function track<T extends { destroy(): Promise<void>; log(): string; dir: string }>(daemon: T): T {
  started.push(daemon);
  onTestFailed(() => console.error(`== ${daemon.dir}\n${daemon.log()}`));
  return daemon;
}

async function primaryWith(zones: Record<string, string>, key: TsigKey = tsig) {
  return track(await startKnotPrimary({ zones, tsig: key }));
}

async function secondaryOf(
  kind: SecondaryKind,
  primary: KnotPrimary,
  options: { zones?: string[]; tsig?: TsigKey; catalog?: string } = {},
): Promise<Secondary> {
  const secondary = track(
    await startSecondary(kind, {
      primary,
      zones: options.zones ?? [ZONE],
      tsig: options.tsig ?? tsig,
      catalog: options.catalog,
    }),
  );
  await primary.setNotify([secondary]);
  return secondary;
}

async function addresses(port: number, name: string): Promise<string[]> {
  const answer = await dig(port, name, 'A');
  return answer.records.filter((r) => r.type === 'A').map((r) => r.data);
}

describe.each<SecondaryKind>(['knot', 'nsd', 'bind'])('%s as a secondary', (kind) => {
  it('serves the zone, then each change by NOTIFY and IXFR within 2 s', async () => {
    const primary = await primaryWith({ [ZONE]: testZoneText(ZONE, 1, ['www A 192.0.2.10']) });
    await primary.waitForSerial(ZONE, 1, FIRST);
    const secondary = await secondaryOf(kind, primary);
    await secondary.waitForSerial(ZONE, 1, FIRST);
    expect(await addresses(secondary.port, `www.${ZONE}.`)).toEqual(['192.0.2.10']);

    const serial = await primary.change(ZONE, {
      add: ['www 300 A 192.0.2.11'],
      remove: ['www A 192.0.2.10'],
    });
    await secondary.waitForSerial(ZONE, serial, NOTIFIED);
    expect(await addresses(secondary.port, `www.${ZONE}.`)).toEqual(['192.0.2.11']);

    // An edited zone file with a bumped serial: Knot serves the difference as IXFR too.
    await primary.setZoneText(ZONE, testZoneText(ZONE, 10, ['www A 192.0.2.12']));
    await secondary.waitForSerial(ZONE, 10, NOTIFIED);
    expect(await addresses(secondary.port, `www.${ZONE}.`)).toEqual(['192.0.2.12']);

    expect(primary.transfersOut(ZONE)).toEqual(['AXFR', 'IXFR', 'IXFR']);
    // NSD does not log the kind of a transfer; the primary's side above says it.
    const logged = secondary.transfers(ZONE);
    if (kind === 'nsd') expect(logged).toBeNull();
    else expect(logged).toEqual(['AXFR', 'IXFR', 'IXFR']);
  });

  it('catches up after a restart on the same port', async () => {
    const primary = await primaryWith({ [ZONE]: testZoneText(ZONE, 1) });
    const secondary = await secondaryOf(kind, primary);
    await secondary.waitForSerial(ZONE, 1, FIRST);
    await secondary.stop();
    expect(await secondary.serialOf(ZONE).catch(() => 'down')).toBe('down');
    const serial = await primary.change(ZONE, { add: ['new 300 A 192.0.2.20'] });
    await secondary.restart();
    await secondary.waitForSerial(ZONE, serial, FIRST);
    expect(await addresses(secondary.port, `new.${ZONE}.`)).toEqual(['192.0.2.20']);
  });

  it('never gets the zone with a wrong TSIG secret', async () => {
    const primary = await primaryWith({ [ZONE]: testZoneText(ZONE, 1) });
    const wrong = { ...tsig, secret: randomBytes(32).toString('base64') };
    const secondary = await secondaryOf(kind, primary, { tsig: wrong });
    // Refused both ways: its SOA queries by the primary, the primary's NOTIFY by it.
    await expect.poll(() => secondary.sawTsigRefusal(), { timeout: FIRST }).toBe(true);
    await primary.change(ZONE, { add: ['www 300 A 192.0.2.11'] });
    await expect
      .poll(() => /notify, outgoing, .*BADSIG/.test(primary.log()), { timeout: FIRST })
      .toBe(true);
    // Retries (every second or so) do not get it either.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await secondary.serialOf(ZONE)).toBeNull();
    expect(primary.transfersOut(ZONE)).toEqual([]);
  });
});

describe.each<SecondaryKind>(['knot', 'bind'])('%s consuming a catalog zone', (kind) => {
  it('adds and removes member zones as the catalog lists them', async () => {
    const catalog = 'catalog.invalid';
    const [a, b] = ['a.example', 'b.example'];
    const primary = await primaryWith({
      [catalog]: catalogZoneText(catalog, 1, [a]),
      [a]: testZoneText(a, 1),
      [b]: testZoneText(b, 7),
    });
    const secondary = await secondaryOf(kind, primary, { zones: [], catalog });
    await secondary.waitForSerial(a, 1, FIRST);
    expect(await secondary.serialOf(b)).toBeNull();

    await primary.setZoneText(catalog, catalogZoneText(catalog, 2, [a, b]));
    await secondary.waitForSerial(b, 7, FIRST);
    // A member is notified and transferred like any zone.
    const serial = await primary.change(b, { add: ['www 300 A 192.0.2.30'] });
    await secondary.waitForSerial(b, serial, NOTIFIED);

    await primary.setZoneText(catalog, catalogZoneText(catalog, 3, [b]));
    await secondary.waitForGone(a, FIRST);
    expect(await secondary.serialOf(b)).toBe(serial);
  });
});
