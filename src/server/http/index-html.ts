// The built index.html, read once per build (by modification time), with what its CSP needs:
// the hashes of any inline script or style, and a fresh nonce in place of Vite's placeholder.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';

/** vite.config.ts sets `html.cspNonce` to this; each answer replaces it with its own nonce. */
export const NONCE_PLACEHOLDER = 'ZONEDECK_CSP_NONCE';
/** vite.config.ts lists the hashes of the <style> elements libraries inject (sonner) here. */
const STYLE_HASHES_META = /<meta name="zonedeck-style-hashes" content="([^"]*)"/;

export interface IndexPage {
  html: string;
  scriptHashes: string[];
  styleHashes: string[];
}

export const sha256 = (text: string) =>
  `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** Inline <script> and <style> bodies (no src), hashed as the browser hashes them. */
function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const re = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi');
  const out: string[] = [];
  for (const m of html.matchAll(re)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '')) continue;
    out.push(sha256(m[2] ?? ''));
  }
  return out;
}

export function parseIndex(html: string): IndexPage {
  const listed = STYLE_HASHES_META.exec(html)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
  return {
    html,
    scriptHashes: inlineHashes(html, 'script'),
    styleHashes: [...inlineHashes(html, 'style'), ...listed],
  };
}

let cached: { file: string; mtimeMs: number; page: IndexPage } | null = null;

/** null when the dashboard is not built. A rebuild under a running server is picked up. */
export async function loadIndex(file: string): Promise<IndexPage | null> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return null;
  }
  if (cached?.file !== file || cached.mtimeMs !== stat.mtimeMs) {
    const page = parseIndex(await fs.promises.readFile(file, 'utf8'));
    cached = { file, mtimeMs: stat.mtimeMs, page };
  }
  return cached.page;
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}
