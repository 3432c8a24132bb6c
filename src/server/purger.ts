// Runs the background purge of deleted zones and the pruning of the change journal: one run at
// a time, again if kicked meanwhile.
import type { Logger } from 'pino';
import type { Db } from './store/db';
import { pruneJournal, type JournalRetention } from './store/journal-retention';
import { purgeDeletedZones } from './store/zones';

export class Purger {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly retention?: JournalRetention,
    /** Whether this node runs background work now (several nodes: the leader alone). */
    private readonly mayRun: () => boolean = () => true,
  ) {}

  kick(): void {
    if (!this.mayRun()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when no purge is running (for shutdown and tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const n = await purgeDeletedZones(this.db);
        if (n) this.log.info({ zones: n }, 'purged deleted zones');
      } catch (err) {
        // A later kick (or the next start) finishes the job; the zones stay hidden meanwhile.
        this.log.error({ err }, 'purge of deleted zones failed');
      }
      if (!this.retention) continue;
      try {
        const n = await pruneJournal(this.db, this.retention);
        if (n) this.log.info({ changes: n }, 'pruned the change journal');
      } catch (err) {
        this.log.error({ err }, 'pruning the change journal failed');
      }
    } while (this.again);
  }
}
