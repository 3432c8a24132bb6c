// The server's exclusive claim on its data directory: one server per DATA_DIR.
//
// Node has no flock(), and a pid file alone cannot tell a live owner from a stale one for sure
// (pids are reused). SQLite already takes real OS locks (POSIX fcntl) through better-sqlite3,
// so the lock is a tiny SQLite file, zonedeck.lock, held in a write transaction (a RESERVED lock)
// for the server's lifetime. The kernel drops that lock when the process ends in any way,
// kill -9 included, so a stale lock cannot exist. A RESERVED lock still lets others read, so a
// refused server reads the owner's pid and start time from the same file to name it.
// Only the server takes it: the operator CLIs (apikey, backup) work beside a running server.
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createPrivateFile } from './files';

export const LOCK_FILE = 'zonedeck.lock';

export interface DataDirLock {
  file: string;
  release(): void;
}

/** Refusal to start: another live process holds the data directory. */
export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: { pid: number; started_at: string; host: string } | undefined,
  ) {
    const who = owner
      ? `another Zonedeck server (pid ${owner.pid} on ${owner.host}, started ${owner.started_at})`
      : 'another Zonedeck server';
    super(
      `The data directory ${dataDir} is in use by ${who}. Stop that server first, or set DATA_DIR to another directory.`,
    );
  }
}

const isBusy = (e: unknown) =>
  e instanceof Error && 'code' in e && /^SQLITE_(BUSY|LOCKED)/.test(String(e.code));

/** Takes the lock on `dataDir` (which must exist) or throws DataDirLocked naming its owner. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  createPrivateFile(file);
  const db = new SQLite(file);
  try {
    db.pragma('busy_timeout = 0'); // a held lock is an answer, not something to wait for
    db.exec('create table if not exists owner (id integer primary key, pid, started_at, host)');
    const claim = () => {
      db.exec('begin immediate');
      db.prepare('insert or replace into owner values (1, ?, ?, ?)').run(
        process.pid,
        new Date().toISOString(),
        os.hostname(),
      );
      db.exec('commit');
      // Held until the process ends: no write follows, so nothing is ever journalled.
      db.exec('begin immediate');
    };
    try {
      claim();
    } catch (e) {
      if (!isBusy(e)) throw e;
      if (db.inTransaction) db.exec('rollback');
      db.pragma('busy_timeout = 2000'); // the owner may be committing its row this instant
      const owner = db.prepare('select pid, started_at, host from owner where id = 1').get() as
        { pid: number; started_at: string; host: string } | undefined;
      throw new DataDirLocked(dataDir, owner);
    }
  } catch (e) {
    db.close();
    throw e;
  }
  return {
    file,
    release() {
      if (db.inTransaction) db.exec('rollback');
      db.close();
    },
  };
}
