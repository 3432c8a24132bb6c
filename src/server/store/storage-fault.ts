// SQLite errors that are the storage's fault, not the request's: a full disk, a read-only file
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
];

/** The storage fault `err` is, if it is one (better-sqlite3 errors carry SQLITE_* codes). */
export function storageFault(err: unknown): StorageFault | undefined {
  if (!(err instanceof Error) || !('code' in err) || typeof err.code !== 'string') return;
  const code = err.code;
  return FAULTS.find(([re]) => re.test(code))?.[1];
}
