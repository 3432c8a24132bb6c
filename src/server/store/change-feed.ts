// Several nodes on one PostgreSQL (issue 16, ADR 0021). Every write publishes its event with
// pg_notify inside its own transaction, so PostgreSQL delivers it at the commit, in commit order,
// to every node listening, this one included. Each node applies that one stream in order, its
// own writes as well (a write is acknowledged once its event has come back and been applied), so
// the events of one zone are applied in the order of their serials on every node. A notification
// lost with a connection, or a node that was away, is caught up from the database: the zones'
// serials say which zones are behind, the journal what changed.
import pg from 'pg';
import type { Logger } from 'pino';
import type { ZoneEvent, ZoneEvents } from '../events';
import type { Db } from './db';
import type { Trx } from './group-commit';
import { notifyAtCommit } from './zone-batches';
import { randomId } from './ids';
import { eventsSince } from './change-replay';
import { KEYS_CHANNEL } from './key-cache';

/** Told each API key revoked on any node (its id), and null when a revocation may have been missed. */
export type KeysListener = (keyId: string | null) => void;

export const CHANNEL = 'zonedeck_changes';
/** PostgreSQL refuses payloads of 8,000 bytes and more; a larger event goes as a reference. */
const PAYLOAD_MAX = 7_800;
/** How often a node compares its zones with the database, notifications or not. */
const SWEEP_MS = 30_000;
const RECONNECT_MS = 1_000;
/** A write whose own notification has not come back by then is caught up by a sweep. */
const OWN_WAIT_MS = 5_000;
/**
 * How often a node pings itself through its feed connection. A connection that a firewall or a
 * NAT dropped without a word (no error, no end) hears nothing; after HEARTBEATS_MISSED pings
 * unheard it is taken for lost, and until then it no longer counts as listening: the API keys
 * kept (key-cache.ts) trust it to hear every revocation.
 */
const HEARTBEAT_MS = 5_000;
const HEARTBEATS_MISSED = 3;

/** What a node knows of the zones it serves (the DNS view). */
export interface FeedView {
  /** The serial of the zone as served; undefined: not served. */
  serialOf(zoneId: string): number | undefined;
  zoneIds(): Iterable<string>;
}

/** The notification's payload: who wrote, which of its writes, and the event or where to read it. */
interface Wire {
  n: string;
  t: number;
  e?: ZoneEvent;
  z: string;
  s?: number;
}

interface Pending {
  event: ZoneEvent;
  committed: boolean;
  /** Answers the writer (once; later calls do nothing). */
  resolve: () => void;
}

export class ChangeFeed {
  /** This process's name among the nodes (its own notifications come back with it). */
  readonly nodeId = randomId('node_', 12);
  private tokens = 0;
  private readonly pending = new Map<number, Pending>();
  private queue: Promise<void> = Promise.resolve();
  private client: pg.Client | null = null;
  /** The connection listens and what was committed before it did has been caught up. */
  private following = false;
  private view: FeedView | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly keysListeners = new Set<KeysListener>();
  /** When the connection last heard a notification, a ping of its own at least. */
  private heardAt = 0;

  constructor(
    /** The database's URL (the leader's connection opens one of its own too). */
    readonly url: string,
    private readonly db: Db,
    private readonly events: ZoneEvents,
    private log?: Logger,
    /** HEARTBEAT_MS; shorter in tests. */
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /** True while this node hears every write (listening, and caught up since it connected). */
  get listening(): boolean {
    return this.client !== null && this.following && !this.silent();
  }

  private silent(): boolean {
    return performance.now() - this.heardAt > this.heartbeatMs * HEARTBEATS_MISSED;
  }

  /** After start: this node's writes are applied in stream order, and wait for it. */
  private get started(): boolean {
    return this.view !== null && !this.stopped;
  }

  /**
   * Starts listening: from now on this node's writes are applied in stream order too. Resolves
   * once the first connection listens and the view has been brought up to date.
   */
  async start(view: FeedView, log: Logger): Promise<void> {
    this.view = view;
    this.log = log;
    this.stopped = false;
    await this.connect();
    this.sweepTimer = setInterval(() => void this.enqueue(() => this.sweep()), SWEEP_MS);
    this.sweepTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    const client = this.client;
    this.client = null;
    this.following = false;
    this.keysMayHaveChanged(null);
    await client?.end().catch(() => {});
    await this.queue;
    // Nothing more comes back: writers still waiting are answered (their commits are made).
    for (const p of this.pending.values()) p.resolve();
    this.pending.clear();
    this.view = null;
  }

  /** Hears of revoked API keys (key-cache.ts); returns the way to stop. */
  watchKeys(listener: KeysListener): () => void {
    this.keysListeners.add(listener);
    return () => this.keysListeners.delete(listener);
  }

  private keysMayHaveChanged(keyId: string | null): void {
    for (const listener of this.keysListeners) listener(keyId);
  }

  /** A token for one write: its notification is matched by it. */
  nextToken(): number {
    return ++this.tokens;
  }

  /**
   * Inside the write's transaction: the event goes to every node at the commit. A write run
   * again (a deadlock) publishes again with the same token; only the committed one is delivered.
   */
  async publish(trx: Trx, token: number, event: ZoneEvent): Promise<void> {
    const wire: Wire = { n: this.nodeId, t: token, e: event, z: event.zoneId };
    let payload = JSON.stringify(wire);
    // PostgreSQL's limit is in bytes (a TXT record's text may be any UTF-8).
    if (Buffer.byteLength(payload) > PAYLOAD_MAX) {
      const ref: Wire = { n: this.nodeId, t: token, z: event.zoneId };
      if (event.kind !== 'deleted') ref.s = event.zone.serial;
      payload = JSON.stringify(ref);
    }
    // Registered whether or not the connection listens now: a write that commits while it
    // reconnects is applied by the catch-up that follows, in order, never out of it.
    if (this.started) this.pending.set(token, { event, committed: false, resolve: () => {} });
    await notifyAtCommit(trx, CHANNEL, payload);
  }

  /** The write did not commit: nothing will come back for it. */
  abandon(token: number): void {
    this.pending.delete(token);
  }

  /**
   * After the commit: resolves once the event has been applied in stream order. Before start
   * (operator commands, tests of the store alone) the listeners are told at once, as on one
   * machine.
   */
  async delivered(token: number, event: ZoneEvent): Promise<void> {
    const p = this.pending.get(token);
    if (!p) {
      if (!this.started) await this.events.emit(event);
      return; // already applied by the stream or a catch-up
    }
    await new Promise<void>((resolve) => {
      p.committed = true;
      const timer = setTimeout(() => {
        // Not back in time: its notification went with a connection that broke before LISTEN
        // took hold again. A catch-up applies it from the database, in order, then answers.
        this.log?.warn({ token }, 'change feed: own write not back in time; catching up');
        void this.enqueue(() => this.sweep()).then(() => this.settle(token));
      }, OWN_WAIT_MS);
      timer.unref();
      let answered = false;
      p.resolve = () => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private settle(token: number): void {
    const p = this.pending.get(token);
    if (!p) return;
    this.pending.delete(token);
    p.resolve();
  }

  private enqueue(job: () => Promise<void>): Promise<void> {
    const run = this.queue.then(job).catch((err: unknown) => {
      this.log?.error({ err }, 'applying a change from the database failed');
    });
    this.queue = run;
    return run;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      application_name: 'zonedeck change feed',
    });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.following = false;
      this.keysMayHaveChanged(null);
      if (this.stopped) return;
      this.log?.warn({ err }, 'lost the change feed connection to PostgreSQL; reconnecting');
      setTimeout(() => void this.reconnect(), RECONNECT_MS).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (m) => {
      this.heardAt = performance.now();
      if (m.channel === CHANNEL && m.payload) this.onNotification(m.payload);
      else if (m.channel === KEYS_CHANNEL && m.payload) this.keysMayHaveChanged(m.payload);
    });
    await client.connect();
    // The catch-up below is queued before LISTEN is sent, so that it runs before anything this
    // connection brings. A notification that comes in the same read as LISTEN's answer is
    // handled before the code after `await` runs; applied first, its serial would hide from the
    // catch-up the writes committed while no connection listened (serials are not contiguous:
    // a gap cannot be told from them), and this node would never serve them.
    let listened!: (ok: boolean) => void;
    const listening = new Promise<boolean>((resolve) => (listened = resolve));
    const caughtUp = this.enqueue(async () => {
      if (!(await listening) || this.client !== client) return;
      // Anything committed before LISTEN took hold is read from the database; writes of this
      // node waiting for a notification that went with the old connection are answered after it.
      const waiting = [...this.pending].filter(([, p]) => p.committed).map(([t]) => t);
      await this.sweep();
      for (const t of waiting) this.settle(t);
      if (this.client !== client) return;
      // Revocations made while no connection listened were not heard.
      this.keysMayHaveChanged(null);
      this.following = true;
    });
    try {
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${KEYS_CHANNEL}`);
    } catch (err) {
      listened(false);
      throw err;
    }
    this.heardAt = performance.now();
    this.client = client;
    const heartbeat = setInterval(() => {
      if (this.client !== client) return clearInterval(heartbeat);
      if (this.silent()) {
        clearInterval(heartbeat);
        lost(new Error('the change feed connection stopped hearing its own pings'));
        void client.end().catch(() => {});
        return;
      }
      // An empty payload: heard (heardAt), and otherwise ignored by every node.
      client.query(`select pg_notify('${KEYS_CHANNEL}', '')`).catch(() => {});
    }, this.heartbeatMs);
    heartbeat.unref();
    listened(true);
    await caughtUp;
  }

  private async reconnect(): Promise<void> {
    try {
      await this.connect();
    } catch (err) {
      if (this.stopped) return;
      this.log?.warn({ err }, 'change feed: PostgreSQL does not answer yet');
      setTimeout(() => void this.reconnect(), RECONNECT_MS).unref();
    }
  }

  private onNotification(payload: string): void {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      return; // not ours
    }
    void this.enqueue(async () => {
      if (wire.n === this.nodeId) {
        const p = this.pending.get(wire.t);
        if (p) {
          await this.apply(p.event);
          this.settle(wire.t);
          return;
        }
        // Its writer was answered another way (a catch-up, a stop): applied like any other
        // node's, the serial guard leaving out what a catch-up already applied.
      }
      if (wire.e) return this.apply(wire.e);
      for (const e of await this.eventsFor(wire)) await this.apply(e);
    });
  }

  /** A reference payload's events, read from the database. */
  private async eventsFor(wire: Wire): Promise<ZoneEvent[]> {
    const known = this.view?.serialOf(wire.z);
    if (known === undefined || wire.s === undefined) return this.zoneNow(wire.z);
    return eventsSince(this.db, wire.z, known);
  }

  /** The zone as the database has it now: a zone event (loads it) or its deletion. */
  private async zoneNow(zoneId: string): Promise<ZoneEvent[]> {
    const row = await this.db
      .selectFrom('zones')
      .select(['serial', 'ttl', 'status', 'deleted_at'])
      .where('id', '=', zoneId)
      .executeTakeFirst();
    if (!row || row.deleted_at) return [{ kind: 'deleted', zoneId }];
    return [
      { kind: 'zone', zoneId, zone: { serial: row.serial, ttl: row.ttl, status: row.status } },
    ];
  }

  /** Tells the listeners, unless the view already serves this state or a later one. */
  private async apply(event: ZoneEvent): Promise<void> {
    const known = this.view?.serialOf(event.zoneId);
    if (event.kind === 'deleted') {
      if (known !== undefined) await this.events.emit(event);
      return;
    }
    const reload = event.kind === 'zone' && event.reload;
    if (known !== undefined && event.zone.serial <= known && !reload) return;
    await this.events.emit(event);
  }

  /** Every zone whose serial differs from the database's is brought up to date. */
  private async sweep(): Promise<void> {
    const view = this.view;
    if (!view) return;
    const rows = await this.db
      .selectFrom('zones')
      .select(['id', 'serial', 'ttl', 'status', 'deleted_at'])
      .execute();
    const inDb = new Set<string>();
    for (const row of rows) {
      inDb.add(row.id);
      const known = view.serialOf(row.id);
      if (row.deleted_at) {
        if (known !== undefined) await this.apply({ kind: 'deleted', zoneId: row.id });
        continue;
      }
      if (known !== undefined && known >= row.serial) continue;
      const events =
        known === undefined
          ? await this.zoneNow(row.id)
          : await eventsSince(this.db, row.id, known);
      for (const e of events) await this.apply(e);
    }
    // Purged since this node last heard of the zone.
    for (const id of [...view.zoneIds()])
      if (!inDb.has(id)) await this.apply({ kind: 'deleted', zoneId: id });
  }
}
