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

export class Leader {
  private leading: boolean;
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
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
    if (this.stopped || this.leading) return;
    try {
      if (!this.client) this.client = await this.connect();
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
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      application_name: 'zonedeck leader',
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      if (this.leading) this.log?.warn('leader: lost the connection holding the lock');
      this.leading = false;
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    return client;
  }
}
