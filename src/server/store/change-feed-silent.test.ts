// A change feed connection that goes silent (a firewall or a NAT drops it without a word: no
// error, no end) is noticed by its missed pings: the node stops counting as listening, which the
// API keys it keeps depend on (key-cache.ts), and connects again. PostgreSQL only (the feed).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZoneEvents } from '../events';
import { openTestStore, testDialect } from '../test-support/test-store';
import { ChangeFeed } from './change-feed';
import type { OpenedStore } from './db';

let dir: string;
let store: OpenedStore;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-feed-silent-'));
  store = await openTestStore(dir);
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A TCP relay to PostgreSQL that can stop relaying on the connections it holds, and keep them open. */
async function freezableRelay(target: URL) {
  const held = new Set<{ frozen: boolean }>();
  const server = net.createServer((inbound) => {
    const state = { frozen: false };
    held.add(state);
    const outbound = net.connect(Number(target.port), target.hostname);
    const relay = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!state.frozen) to.write(chunk);
      });
    relay(inbound, outbound);
    relay(outbound, inbound);
    const close = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', close).on('close', close);
    outbound.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Every connection held now goes silent; new ones are relayed. */
    freeze: () => held.forEach((s) => (s.frozen = true)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it.runIf(testDialect() === 'postgres')(
  'stops counting as listening when its connection goes silent, and listens again on a new one',
  async () => {
    const url = new URL(store.feed!.url);
    const relay = await freezableRelay(url);
    const viaRelay = new URL(url);
    viaRelay.port = String(relay.port);
    const heartbeatMs = 100;
    const feed = new ChangeFeed(
      viaRelay.toString(),
      store.db,
      new ZoneEvents(),
      undefined,
      heartbeatMs,
    );
    const resets: (string | null)[] = [];
    feed.watchKeys((keyId) => resets.push(keyId));
    const view = { serialOf: () => undefined, zoneIds: () => [] };
    try {
      await feed.start(view, pino({ level: 'silent' }));
      expect(feed.listening).toBe(true);
      // Pings keep it listening well past the three it may miss.
      await new Promise((r) => setTimeout(r, heartbeatMs * 6));
      expect(feed.listening).toBe(true);

      relay.freeze();
      resets.length = 0;
      await until(() => !feed.listening, heartbeatMs * 20);
      // Taken for lost: every key kept is forgotten, and it connects again through the relay
      // (new connections are relayed) and listens, its keys forgotten once more.
      await until(() => feed.listening, 10_000);
      expect(resets.filter((r) => r === null).length).toBeGreaterThanOrEqual(2);
    } finally {
      await feed.stop();
      await relay.close();
    }
  },
  20_000,
);
