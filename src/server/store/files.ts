// The data directory and its files. They hold the DNSSEC private keys and the API key hashes,
// so the directory is 0700 and the files 0600, and looser modes left by an older version or an
// operator's copy are tightened at start. Every failure here names the path and the cause:
// the operator reads it in a start-up message, never a user in an API answer.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const DB_FILE = 'zonedeck.db';
/** Files SQLite or the lock keep beside the database (SQLite gives -wal/-shm the db's mode). */
const PRIVATE_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, 'zonedeck.lock'];

/** A problem with the data directory that stops the service from starting. */
export class DataDirError extends Error {}

/** "permission denied (EACCES)" from a Node file-system error. */
export function fsReason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (!err?.code) return String(e);
  const text = err.message.replace(/^\w+: /, '').replace(/, \w+ '.*'$/, '');
  return `${text} (${err.code})`;
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** Drops the group and other bits of `p` beyond `mode`; returns a line for the log if it did. */
function tighten(p: string, mode: number): string | undefined {
  const current = fs.statSync(p).mode & 0o777;
  if ((current & ~mode) === 0) return undefined;
  try {
    fs.chmodSync(p, current & mode);
  } catch (e) {
    throw new DataDirError(
      `${p} is readable by other users (mode ${octal(current)}) and cannot be made private: ${fsReason(e)}. Run: chmod ${octal(current & mode)} ${p}`,
    );
  }
  return `Tightened the permissions of ${p} from ${octal(current)} to ${octal(current & mode)}: it holds private keys.`;
}

/** Creates `file` (empty) readable by its owner alone, unless it exists. */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
}

/**
 * Makes sure `dataDir` exists, is a writable directory and is private, and that the database
 * file exists with mode 0600 before SQLite opens it (so -wal and -shm are born 0600 too).
 * `warn` receives a line per tightened mode.
 */
export function prepareDataDir(dataDir: string, warn: (line: string) => void): string {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new DataDirError(
      `Cannot create the data directory ${dataDir}: ${fsReason(e)}. Create it, or set DATA_DIR to a directory this user may write.`,
    );
  }
  if (!fs.statSync(dataDir).isDirectory())
    throw new DataDirError(`DATA_DIR ${dataDir} is not a directory; set DATA_DIR to a directory.`);
  try {
    fs.accessSync(dataDir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
  } catch (e) {
    throw new DataDirError(
      `Cannot write to the data directory ${dataDir}: ${fsReason(e)}. Give this user write access, or set DATA_DIR to another directory.`,
    );
  }
  const lines = [tighten(dataDir, 0o700)];
  for (const name of PRIVATE_FILES) {
    const file = path.join(dataDir, name);
    if (fs.existsSync(file)) lines.push(tighten(file, 0o600));
  }
  for (const line of lines) if (line) warn(line);
  const dbFile = path.join(dataDir, DB_FILE);
  try {
    createPrivateFile(dbFile);
  } catch (e) {
    throw new DataDirError(`Cannot create the database file ${dbFile}: ${fsReason(e)}.`);
  }
  return dbFile;
}

const NODE_FILE = 'node-name';

/**
 * This node's name among several on one PostgreSQL (ADR 0021): made once, kept in its data
 * directory, so a restarted node finds its own rows (its top-names sketches) again.
 */
export function nodeName(dataDir: string): string {
  const file = path.join(dataDir, NODE_FILE);
  try {
    const name = fs.readFileSync(file, 'utf8').trim();
    if (/^[a-z0-9_-]{1,64}$/i.test(name)) return name;
  } catch {
    // not made yet
  }
  const name = `node_${randomBytes(6).toString('hex')}`;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${name}\n`, { mode: 0o600 });
  return name;
}
