// Background work on one node at a time (ADR 0021): the zone purge, the journal's and usage's
// pruning, re-signing's new serials, ALIAS serials and NOTIFY to secondaries. On PostgreSQL the
// leader is the node whose own connection holds a session advisory lock; when that node dies,
// its connection closes, PostgreSQL releases the lock and another node takes it within seconds.
// On SQLite there is one node: it always leads.
import pg from 'pg';
import type { Logger } from 'pino';

/** Any 64-bit number, the same on every node (beside the zone claims' 0x5a440001). */
const LEADER_LOCK = 0x5a44_0002;
const TRY_MS = 2_000;
const CONNECT_TIMEOUT_MS = 5_000;

export class Leader {
  private leading: boolean;
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** One attempt at a time: a slow database must not pile up connections. */
  private trying = false;
  private readonly onLead = new Set<() => void>();

  /** `url`: the PostgreSQL database's; none on SQLite. */
  constructor(
    private readonly url: string | undefined,
    private readonly log?: Logger,
  ) {
    this.leading = !url;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Told each time this node becomes the leader (to pick up what the last one left). */
  whenLeading(fn: () => void): void {
    this.onLead.add(fn);
  }

  async start(): Promise<void> {
    if (!this.url) return;
    await this.attempt();
    this.timer = setInterval(() => void this.attempt(), TRY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const client = this.client;
    this.client = null;
    this.leading = false;
    await client?.end().catch(() => {});
  }

  private async attempt(): Promise<void> {
    if (this.stopped || this.trying) return;
    this.trying = true;
    try {
      if (this.leading) {
        // Still holding it? A connection that went half-open must not leave two leaders: the
        // lock's holder checks its connection at every round, and steps down when it fails.
        await this.client!.query('select 1');
        return;
      }
      if (!this.client) {
        const client = await this.connect();
        if (this.stopped) {
          await client.end().catch(() => {});
          return;
        }
        this.client = client;
      }
      const { rows } = await this.client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock($1) as ok',
        [LEADER_LOCK],
      );
      if (!rows[0]?.ok || this.stopped) return;
      this.leading = true;
      this.log?.info('this node now runs the background work (leader)');
      for (const fn of this.onLead) fn();
    } catch (err) {
      this.log?.warn({ err }, 'leader: PostgreSQL does not answer; trying again');
      this.drop();
    } finally {
      this.trying = false;
    }
  }

  /** Lets go of the connection (and with it the lock, if it held it). */
  private drop(): void {
    const client = this.client;
    this.client = null;
    if (this.leading) this.log?.warn('leader: stepped down; the lock goes to another node');
    this.leading = false;
    void client?.end().catch(() => {});
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
      application_name: 'zonedeck leader',
    });
    const lost = () => {
      if (this.client === client) this.drop();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    return client;
  }
}
