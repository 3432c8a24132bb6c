// `npm run dev`: the API with restart on change (tsx watch) and Vite's hot-reloading dashboard
// on http://127.0.0.1:5173, which forwards /v1 to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args) => spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
const children = [
  run([
    path.join(root, 'node_modules/tsx/dist/cli.mjs'),
    'watch',
    '--clear-screen=false',
    'src/server/main.ts',
  ]),
  run([path.join(root, 'node_modules/vite/bin/vite.js')]),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', () => {
    stop();
    process.exitCode = c.exitCode ?? 1;
  });
