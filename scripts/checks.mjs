// `npm test`'s static checks side by side: ESLint, Prettier and the type check share no state,
// and run one after another they left a core idle (89 s in turn, 58 to 65 s side by side on 2 cores,
// 2026-11-27). Each one's output is printed whole under its name when it ends, never interleaved;
// the exit code is non-zero when any of them failed.
import { spawn } from 'node:child_process';

const CHECKS = [
  ['lint (eslint)', 'eslint', ['.']],
  ['format (prettier --check)', 'prettier', ['--check', '.']],
  ['typecheck (tsc --noEmit)', 'tsc', ['--noEmit']],
];

function run([label, bin, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['--no-install', bin, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(out).toString();
      process.stdout.write(`== ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${secs} s\n`);
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
if (results.includes(false)) process.exit(1);
