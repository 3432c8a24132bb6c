// SQLite and PostgreSQL errors that are the storage's fault, not the request's: a full disk, a read-only file
// system, an I/O error, a database file that cannot be opened or is damaged, or a write lock
// held too long by another process. The API answers them 503; the log keeps the real error.
export interface StorageFault {
  /** A short cause for the user's message: no path, no SQL. */
  cause: string;
  /** True when the fault stops writes but reads may work. */
  write: boolean;
  /** Seconds after which a retry may succeed; undefined when only an operator can fix it. */
  retryAfter?: number;
}

const FAULTS: Array<[RegExp, StorageFault]> = [
  [/^SQLITE_FULL/, { cause: 'disk full', write: true, retryAfter: 60 }],
  [/^SQLITE_READONLY/, { cause: 'database is read-only', write: true, retryAfter: 60 }],
  [/^SQLITE_IOERR/, { cause: 'input/output error', write: false, retryAfter: 30 }],
  [/^SQLITE_CANTOPEN/, { cause: 'database cannot be opened', write: false, retryAfter: 30 }],
  [/^SQLITE_(CORRUPT|NOTADB)/, { cause: 'database damaged', write: false }],
  // busy_timeout and the group commit's retries are spent: another process holds the lock.
  [/^SQLITE_(BUSY|LOCKED)/, { cause: 'database busy', write: true, retryAfter: 1 }],
  // PostgreSQL (SQLSTATE, or the driver's network errors): unreachable or restarting (a
  // failover), out of disk or connections, or a standby that takes no writes. A connect that
  // tried several addresses fails as an AggregateError with the code and no system call.
  [
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|08...|57P0[1-3])$/,
    { cause: 'database unreachable', write: false, retryAfter: 5 },
  ],
  [/^53100$/, { cause: 'disk full', write: true, retryAfter: 60 }],
  [/^53300$/, { cause: 'database busy', write: false, retryAfter: 1 }],
  // A statement cancelled (statement_timeout, or an operator's pg_cancel_backend) or a lock
  // not granted in lock_timeout: nothing was written, and the same request may pass now.
  [/^(57014|55P03)$/, { cause: 'database busy', write: false, retryAfter: 1 }],
  [/^25006$/, { cause: 'database is read-only', write: true, retryAfter: 5 }],
];

const LOST_CONNECTION = /^Connection terminated|^Client has encountered a connection error/;

/** The storage fault `err` is, if it is one (better-sqlite3 errors carry SQLITE_* codes). */
export function storageFault(err: unknown): StorageFault | undefined {
  if (!(err instanceof Error)) return;
  // pg's own errors for a connection that dropped mid-query carry no code.
  if (LOST_CONNECTION.test(err.message))
    return { cause: 'database unreachable', write: false, retryAfter: 5 };
  if (!('code' in err) || typeof err.code !== 'string') return;
  const code = err.code;
  return FAULTS.find(([re]) => re.test(code))?.[1];
}

/**
 * An HTTP request whose client closed the connection before the body's end: Node's error for
 * it says "aborted" with the code ECONNRESET, which a database socket's reset carries too. The
 * app's error handler asks this first, so such a request is the client's, not an outage.
 */
export function requestAborted(err: unknown): boolean {
  return (
    err instanceof Error && err.message === 'aborted' && 'code' in err && err.code === 'ECONNRESET'
  );
}
