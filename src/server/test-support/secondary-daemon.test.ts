// The harness's own edges, with each real daemon: a port another process holds is reported as
// a collision (startSecondary then retries with fresh ports), and zones added and removed
// from the configuration of a running secondary are taken and dropped (here with HMAC-SHA512).
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { startKnotPrimary, testZoneText } from './knot-primary';
import { engines, startSecondary, type Secondary, type SecondaryKind } from './secondaries';
import { engineDaemon, type EngineSetup } from './secondary';
import { freePort, startDaemon, tempDir } from './secondary-daemon';

const KINDS: SecondaryKind[] = ['knot', 'nsd', 'bind'];
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** Holds `port` on 127.0.0.1 for UDP and TCP until the test ends. */
async function hold(port: number): Promise<void> {
  const udp = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  const tcp = net.createServer();
  await new Promise<void>((resolve) => tcp.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => {
    udp.close();
    tcp.close();
  });
}

describe.each(KINDS)('%s', (kind) => {
  it('reports a port another process holds as a collision', async () => {
    const engine = engines[kind];
    const setup: EngineSetup = {
      dir: tempDir(`collision-${kind}`),
      ports: [await freePort(), await freePort()],
      options: { primary: { host: '127.0.0.1', port: 9 }, zones: ['example.test'] },
      zones: ['example.test'],
    };
    cleanups.push(() => fs.rmSync(setup.dir, { recursive: true, force: true }));
    await hold(setup.ports[0]!);
    engine.writeConfig(setup);
    const start = startDaemon(engineDaemon(engine, setup));
    await expect(start).rejects.toMatchObject({ addressInUse: true });
  });

  it('takes a zone added to its configuration and drops a removed one (HMAC-SHA512)', async () => {
    const [a, b] = ['a.example', 'b.example'];
    const tsig = {
      name: 'sha512-key',
      algorithm: 'hmac-sha512',
      secret: randomBytes(64).toString('base64'),
    } as const;
    const primary = await startKnotPrimary({
      zones: { [a]: testZoneText(a, 3), [b]: testZoneText(b, 5) },
      tsig,
    });
    cleanups.push(() => primary.destroy());
    const secondary: Secondary = await startSecondary(kind, { primary, zones: [a], tsig });
    cleanups.push(() => secondary.destroy());
    onTestFailed(() => console.error(`${secondary.log()}\n${primary.log()}`));
    await secondary.waitForSerial(a, 3, 30_000);
    expect(await secondary.serialOf(b)).toBeNull();

    await secondary.addZone(b);
    await secondary.waitForSerial(b, 5, 30_000);
    await secondary.removeZone(a);
    await secondary.waitForGone(a, 30_000);
    expect(await secondary.serialOf(b)).toBe(5);
  });

  it('follows its primary to another address', async () => {
    const zone = 'moved.example';
    const first = await startKnotPrimary({ zones: { [zone]: testZoneText(zone, 1) } });
    cleanups.push(() => first.destroy());
    const secondary = await startSecondary(kind, { primary: first, zones: [zone] });
    cleanups.push(() => secondary.destroy());
    onTestFailed(() => console.error(secondary.log()));
    await secondary.waitForSerial(zone, 1, 30_000);

    const second = await startKnotPrimary({
      zones: { [zone]: testZoneText(zone, 2) },
      notify: [secondary],
    });
    cleanups.push(() => second.destroy());
    await first.stop();
    await secondary.setPrimary(second);
    await secondary.waitForSerial(zone, 2, 30_000);
    expect(second.transfersOut(zone)).not.toEqual([]);
  });
});
