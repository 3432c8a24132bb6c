// Prepared statements on PostgreSQL. Kysely hands pg each statement as text with parameters,
// which pg sends unnamed: PostgreSQL parses, analyses and plans it anew every time. For the
// statements a server runs over and over (a key's lookup, a zone's read, a create's write) that
// was about 40 % of PostgreSQL's CPU per record create, measured. So a statement whose text has
// come before is sent named: each connection parses it once, then only binds and executes it
// (the extended protocol's prepared statements; PowerDNS's gpgsql backend does the same).
//
// Bounded: a text is named from its second use, and at most MAX_NAMED texts are, so statements
// whose text varies (an IN list as long as a batch) never pile up on the server. Behind a
// pooler in transaction mode that cannot carry them (PgBouncer before 1.21), they are turned off
// with DATABASE_PREPARED_STATEMENTS=off.
//
// A prepared statement whose result's columns change under it (a newer node's migration added
// a column to a `select *`) fails with SQLSTATE 0A000, "cached plan must not change result
// type". Its text is then never named again, and the statement is run again unnamed when no
// transaction is open; in a transaction the error ends it, and the write is run again
// (pool-write.ts: retryable).
import pg from 'pg';

/** Texts named at most, per process: each connection prepares those it runs. */
const MAX_NAMED = 200;

export const PLAN_CHANGED = '0A000';

/** The texts seen once (null), and those named. */
const texts = new Map<string, string | null>();
/** Texts never to name again. */
const refused = new Set<string>();
let named = 0;
/** Names are never reused, even after forgetTexts: a connection keeps what it prepared. */
let lastName = 0;

function nameFor(text: string): string | null {
  const name = texts.get(text);
  if (name !== undefined) {
    if (name !== null || named >= MAX_NAMED || refused.has(text)) return name;
    named++;
    const fresh = `zd_${++lastName}`;
    texts.set(text, fresh);
    return fresh;
  }
  if (texts.size < MAX_NAMED * 8) texts.set(text, null);
  return null;
}

/**
 * For tests: forget the texts seen and named, so that a test file starts with the whole budget
 * whatever ran before it in the same process (Vitest shares modules between the server's test
 * files). Connections keep what they prepared; new names never collide with it.
 */
export function forgetTexts(): void {
  texts.clear();
  refused.clear();
  named = 0;
}

/**
 * Whether `e` is PostgreSQL refusing a prepared statement whose result's columns changed. Its
 * SQLSTATE, 0A000 (feature_not_supported), is a whole class of errors that a rerun would not
 * cure, so the routine that raised it is checked too (its name does not depend on lc_messages).
 */
export function planChanged(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const { code, routine } = e as { code?: unknown; routine?: unknown };
  return code === PLAN_CHANGED && routine === 'RevalidateCachedQuery';
}

function refuse(text: string): void {
  refused.add(text);
  texts.set(text, null);
}

/** A pg client that sends the statements it sees again as prepared ones. */
export class PreparingClient extends pg.Client {
  // pg's query() is overloaded many ways; Kysely calls query(text, values), promise form. Every
  // other form (a config object, a cursor, a callback) goes to pg as it is.
  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    const plain = super.query.bind(this) as (...a: unknown[]) => unknown;
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      values.length === 0 ||
      callback !== undefined
    )
      return plain(...args) as never;
    const name = nameFor(text);
    if (!name) return plain(text, values) as never;
    return (plain({ name, text, values }) as Promise<unknown>).catch((e: unknown) => {
      if (!(e instanceof pg.DatabaseError)) {
        // pg failed before PostgreSQL answered (a value it could not convert): it may still
        // count the name as prepared on this connection, with nothing behind it.
        refuse(text);
        throw e;
      }
      if (!planChanged(e)) throw e;
      refuse(text);
      // Outside a transaction nothing was done: run it unnamed. Inside one, the transaction
      // has failed, and its runner starts it again.
      if (this.getTransactionStatus() !== 'I') throw e;
      return plain(text, values);
    }) as never;
  }
}
