// The configurations docs/secondaries.md gives operators are read by the real tools' own
// checkers (knotc conf-check, nsd-checkconf, named-checkconf), so the guide cannot drift into
// something Knot, NSD or BIND would reject. (The same settings run live in secondaries.test.ts.)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireTool, run, tempDir } from './secondary-daemon';

const guide = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../docs/secondaries.md'),
  'utf8',
);
const secret = randomBytes(32).toString('base64');
const dir = tempDir('secondaries-docs');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The fenced blocks of the section whose heading starts with `heading`, secret filled in. */
function blocks(heading: string): string[] {
  const start = guide.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`docs/secondaries.md has no section "## ${heading}"`);
  const end = guide.indexOf('\n## ', start + 1);
  const section = guide.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) =>
    m[1]!.replaceAll('<base64 secret>', secret),
  );
}

async function check(
  tool: string,
  debianPackage: string,
  args: (file: string) => string[],
  text: string,
) {
  requireTool(tool, debianPackage);
  const file = path.join(dir, `${path.basename(tool)}.conf`);
  fs.writeFileSync(file, text);
  const r = await run(tool, args(file)).catch((e: { stdout?: string; stderr?: string }) => ({
    stdout: `${e.stdout ?? ''}${e.stderr ?? ''}`,
    failed: true,
  }));
  expect('failed' in r ? `${tool} rejects:\n${text}\n${r.stdout}` : 'accepted').toBe('accepted');
}

describe('docs/secondaries.md', () => {
  it('gives a Knot configuration knotc accepts, with a catalog and with zones listed', async () => {
    const [catalog, listed] = blocks('3. Knot');
    await check('/usr/sbin/knotc', 'knot', (file) => ['-c', file, 'conf-check'], catalog!);
    const withoutCatalog = catalog!.slice(0, catalog!.indexOf('\nzone:\n'));
    await check(
      '/usr/sbin/knotc',
      'knot',
      (file) => ['-c', file, 'conf-check'],
      `${withoutCatalog}\n${listed}`,
    );
  });

  it('gives an NSD configuration nsd-checkconf accepts', async () => {
    const [config] = blocks('4. NSD');
    await check('/usr/sbin/nsd-checkconf', 'nsd', (file) => [file], config!);
  });

  it('gives a BIND configuration named-checkconf accepts, catalog included', async () => {
    const [local, options] = blocks('5. BIND');
    const named = `options {\n    directory "${dir}";\n${options}};\n${local}`;
    await check('/usr/bin/named-checkconf', 'bind9-utils', (file) => [file], named);
  });
});
