import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * sonner adds its stylesheet as a <style> element without a nonce. Its text is fixed, so the
 * build lists its sha256 in index.html and the server's CSP allows exactly that text
 * (src/server/http/index-html.ts). A sonner release that injects differently fails the build.
 */
function injectedStyleHashes(): Plugin {
  const hashes = new Set<string>();
  let sawSonner = false;
  return {
    name: 'zonedeck-injected-style-hashes',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules[\\/]sonner[\\/]/.test(id)) return null;
      sawSonner = true;
      // sonner appends its <style> empty and fills it after: the browser checks both texts.
      hashes.add(`sha256-${createHash('sha256').update('', 'utf8').digest('base64')}`);
      for (const m of code.matchAll(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/g)) {
        const css = JSON.parse(m[1] ?? '""') as string;
        hashes.add(`sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`);
      }
      return null;
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (sawSonner && hashes.size < 2)
          throw new Error('sonner no longer injects its CSS through __insertCSS: update the CSP');
        const content = [...hashes].join(' ');
        return [
          { tag: 'meta', attrs: { name: 'zonedeck-style-hashes', content }, injectTo: 'head' },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), injectedStyleHashes()],
  // Vite puts this placeholder on its tags and in <meta property="csp-nonce">; the server
  // replaces it with a fresh nonce per answer (src/server/http/index-html.ts).
  html: { cspNonce: 'ZONEDECK_CSP_NONCE' },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/bundle-size.mjs reads it to measure what the zone list needs before it renders.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries the first page always needs, in chunks of their own: named for what they
        // hold, and cached across releases of the app's own code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, proxy: { '/v1': apiTarget } },
});
