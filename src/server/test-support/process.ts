// Runs the real server as a child process (`tsx src/server/main.ts`), as `npm start` does,
// for tests that need to kill it or restart it.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dnsPort: number;
  /** The first-start key, when this start created it. */
  signInKey: string | null;
  output(): string;
}

export function spawnServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(root, 'src/server/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DNS_PORT: '0',
        LOG_LEVEL: 'warn',
        DNS_WORKERS: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const running = /running at (http:\/\/\S+)/.exec(out);
      if (running && /API reference/.test(out)) {
        clearTimeout(timer);
        resolve({
          child,
          url: running[1]!,
          dnsPort: Number(/DNS: \S+ port (\d+)/.exec(out)?.[1]),
          signInKey: /#key=(\S+)/.exec(out)?.[1] ?? null,
          output: () => out,
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

export function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs an operator command (`npm run --silent <script> -- ...args`) on `dataDir`, as a user would. */
export async function runScript(
  script: string,
  dataDir: string,
  args: string[],
): Promise<ScriptResult> {
  try {
    const r = await promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}
