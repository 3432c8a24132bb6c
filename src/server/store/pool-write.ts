// Writes on PostgreSQL (ADR 0019): each in its own transaction on a pooled connection. The
// server commits concurrent transactions with one WAL flush between them by itself, so the
// group commit that SQLite needs (group-commit.ts) would only serialise what PostgreSQL can run
// side by side. Checks that read before they write hold locks (dialect.ts: lockZone,
// lockZoneClaims); a deadlock or serialization failure between two writes runs the loser again.
// Writes to one zone, which its lock serialises anyway, are grouped (zone-batches.ts, ADR 0023).
import type { Kysely } from 'kysely';
import { planChanged } from './prepared';
import type { Database } from './schema';

export const RETRIES = 10;

/** SQLSTATEs after which the same transaction, run again, may well succeed. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * A serialization failure, a deadlock, or a prepared statement whose plan a migration changed
 * (prepared.ts: it is not prepared again): run again, the transaction may well succeed.
 */
export const retryable = (e: unknown) =>
  (e instanceof Error && 'code' in e && RETRYABLE.has(String((e as { code: unknown }).code))) ||
  planChanged(e);

/** A random pause that grows with the attempt, so that the two losers do not meet again. */
export const retryPause = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));

export async function poolWrite<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
  onCommit?: (seconds: number) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const started = performance.now();
      const result = await db.transaction().execute(work);
      onCommit?.((performance.now() - started) / 1000);
      return result;
    } catch (e) {
      if (!retryable(e) || attempt >= RETRIES) throw e;
      await retryPause(attempt);
    }
  }
}
