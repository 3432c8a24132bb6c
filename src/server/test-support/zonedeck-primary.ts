// Zonedeck as the primary of a real secondary, for tests: the secondary starts first (our
// NOTIFY targets are fixed when the service starts), then the service, then the secondary again.
import { randomBytes } from 'node:crypto';
import { onTestFailed } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { startSecondary, type Secondary, type SecondaryKind } from './secondaries';
import type { TsigKey } from './secondary';
import { freePort } from './secondary-daemon';

export const XFR_KEY: TsigKey = {
  name: 'zonedeck-xfr',
  algorithm: 'hmac-sha256',
  secret: randomBytes(32).toString('base64'),
};
export const CATALOG = 'catalog.zonedeck.internal';

export interface PrimaryAndSecondary {
  srv: TestServer;
  secondary: Secondary;
  close(): Promise<void>;
}

/**
 * Knot and BIND follow the catalog; NSD gets `zones` explicitly. `key` is the secondary's key
 * (a wrong one to see refusals); the service always has XFR_KEY.
 */
export async function zonedeckWithSecondary(
  kind: SecondaryKind,
  zones: string[],
  key: TsigKey = XFR_KEY,
): Promise<PrimaryAndSecondary> {
  const port = await freePort();
  const catalog = kind !== 'nsd';
  const secondary = await startSecondary(kind, {
    primary: { host: '127.0.0.1', port },
    zones: catalog ? [] : zones,
    tsig: key,
    ...(catalog ? { catalog: CATALOG } : {}),
  });
  try {
    onTestFailed(() => console.error(`== ${kind} secondary ${secondary.dir}\n${secondary.log()}`));
  } catch {
    // Started in a beforeAll hook, where there is no test to fail yet.
  }
  let srv: TestServer;
  try {
    srv = await startTestServer({
      API_RATE_LIMIT: '0',
      DNS_PORT: String(port),
      DNS_TSIG_KEYS: `${XFR_KEY.name}:${XFR_KEY.algorithm}:${XFR_KEY.secret}`,
      DNS_TRANSFER_ALLOW: `key:${XFR_KEY.name}`,
      DNS_NOTIFY: `127.0.0.1:${secondary.port}@${XFR_KEY.name}`,
      DNS_CATALOG_ZONE: CATALOG,
    });
  } catch (e) {
    await secondary.destroy();
    throw e;
  }
  // Started before its primary, BIND waits forever on the refresh it began; started again, as
  // in production, after it.
  await secondary.restart();
  return {
    srv,
    secondary,
    async close() {
      await Promise.all([secondary.destroy(), srv.close()]);
    },
  };
}
