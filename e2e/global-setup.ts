// Starts the real server once for the run, with a fresh temporary data directory, and hands its
// URL, its first-start key and the data directory to the tests through the environment.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, waitForExit } from '../src/server/test-support/process';

export default async function globalSetup() {
  const webIndex = path.resolve(import.meta.dirname, '../dist/web/index.html');
  if (!fs.existsSync(webIndex)) {
    throw new Error('The dashboard is not built: run `npm run test:e2e` (it builds first).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-e2e-'));
  // DNS_PORT 0: the DNS listener (when the server has one) must not collide with another run.
  // API_RATE_LIMIT=0: the records specs seed up to 20,000 records with one key as fast as the
  // server takes them; that the dashboard stays under the default limit is tested in
  // src/server/http/rate-limit-dashboard.test.ts.
  const server = await spawnServer({ DATA_DIR: dataDir, DNS_PORT: '0', API_RATE_LIMIT: '0' });
  if (!server.signInKey) throw new Error(`The server printed no sign-in key:\n${server.output()}`);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_KEY = server.signInKey;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_DNS_PORT = String(server.dnsPort);

  return async () => {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    // What the server logged (warnings and errors), for a failure's request id.
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync(path.join('test-results', 'server.log'), server.output());
    const errors = server
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    if (errors.length)
      console.log(`The server logged ${errors.length} error(s):\n${errors.join('\n')}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
