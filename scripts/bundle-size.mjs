// Prints the gzipped size of the JavaScript the zone list (the home page) needs before it can
// render: the entry chunk, its static imports, and the zone list route with its static imports.
// Fails when that is over the budget. Reads the manifest of `vite build` (build.manifest).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 130;
const ROUTE = 'src/web/features/zones/zone-list-page.tsx';
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/web');
const manifestPath = path.join(outDir, '.vite/manifest.json');

if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(root, manifestPath)}: run \`vite build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey || !manifest[ROUTE]) {
  console.error(`The manifest lacks the entry or ${ROUTE}.`);
  process.exit(1);
}

/** A chunk and everything it imports statically (what the browser must load before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}
const keys = closure(ROUTE, closure(entryKey));

const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
const rows = [...keys].map((k) => {
  const bytes = fs.readFileSync(path.join(outDir, manifest[k].file));
  return { file: manifest[k].file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gz - a.gz);
const total = rows.reduce((s, r) => s + r.gz, 0);
const css = [...keys].flatMap((k) => manifest[k].css ?? []);
const cssGz = [...new Set(css)].reduce(
  (s, f) => s + gzipSync(fs.readFileSync(path.join(outDir, f)), { level: 9 }).length,
  0,
);

console.log('\nJavaScript the zone list needs before it renders (gzip -9):');
for (const r of rows) console.log(`${kb(r.gz)}  ${r.file}  (${kb(r.raw).trim()} raw)`);
console.log(
  `${kb(total)}  total of ${rows.length} files; budget ${BUDGET_KB} KB (CSS: ${kb(cssGz).trim()})`,
);
if (total > BUDGET_KB * 1024) {
  console.error(`Over budget by ${((total - BUDGET_KB * 1024) / 1024).toFixed(1)} KB.`);
  process.exit(1);
}
