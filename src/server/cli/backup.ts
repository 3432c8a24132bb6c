// Operator command: a consistent copy of the database, taken while the server runs.
//
// VACUUM INTO, not the online backup API: it copies inside one read transaction, which in WAL
// mode is a snapshot that the server's commits neither block nor disturb. The backup API
// (better-sqlite3's db.backup()) copies in steps and starts over whenever another connection
// writes, so under a steady write load it may never finish. VACUUM INTO also leaves out free
// pages. It does not fsync its output, so this command does, and it writes to a temporary file
// renamed into place: a backup interrupted half-way never carries the name asked for.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config';
import { createPrivateFile, DB_FILE } from '../store/files';

const USAGE = `Usage:
  npm run --silent backup -- <file> [--force]

Writes a consistent copy of the database in DATA_DIR (as for the server) to <file>, readable by
its owner alone, while the server keeps running. --force replaces an existing <file>.
Restore: README.md, "Backup and restore".`;

class UsageError extends Error {}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** What the copy holds, read from the copy itself; throws if it is not sound. */
function inspect(file: string) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy fails its integrity check: ${String(check)}`);
    const count = (q: string) => (db.prepare(q).get() as { n: number }).n;
    return {
      zones: count('select count(*) as n from zones where deleted_at is null'),
      records: count('select count(*) as n from records'),
    };
  } finally {
    db.close();
  }
}

export function runBackupCli(argv: string[], out: (line: string) => void): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  try {
    if (values.help) {
      out(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('Name one file to write the backup to.');
    const target = path.resolve(positionals[0]!);
    const config = loadConfig();
    if (config.DATABASE_URL)
      throw new UsageError(
        'DATABASE_URL is set: the store is PostgreSQL, which this command does not copy. Back it up with pg_dump (README: PostgreSQL).',
      );
    const source = path.join(config.dataDir, DB_FILE);
    if (!fs.existsSync(source))
      throw new UsageError(`There is no database at ${source}; set DATA_DIR to the server's.`);
    if (target === source) throw new UsageError('The backup cannot replace the database itself.');
    if (!fs.existsSync(path.dirname(target)))
      throw new UsageError(
        `The directory ${path.dirname(target)} does not exist; create it first.`,
      );
    if (fs.existsSync(target) && !values.force)
      throw new UsageError(`${target} exists; pass --force to replace it.`);

    const started = performance.now();
    const partial = `${target}.partial-${process.pid}`;
    try {
      createPrivateFile(partial); // VACUUM INTO fills an empty file, keeping its 0600 mode
      // Read-write, though it only reads: a read-only connection to a stopped server's
      // database would leave -wal and -shm files behind.
      const db = new SQLite(source, { fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        db.prepare('vacuum into ?').run(partial);
      } finally {
        db.close();
      }
      fsyncPath(partial);
      const held = inspect(partial);
      if (values.force) fs.renameSync(partial, target);
      else fs.linkSync(partial, target); // fails if the file appeared meanwhile: never overwrite
      fsyncPath(path.dirname(target)); // the new name is durable too
      const bytes = fs.statSync(target).size;
      const ms = Math.round(performance.now() - started);
      out(
        `Backed up ${source} to ${target}: ${bytes} bytes, ${plural(held.zones, 'zone')}, ${plural(held.records, 'record')}, integrity ok, ${ms} ms.`,
      );
      return 0;
    } finally {
      fs.rmSync(partial, { force: true });
    }
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exit(runBackupCli(process.argv.slice(2), (line) => process.stdout.write(line + '\n')));
  } catch (err) {
    process.stderr.write(`backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
