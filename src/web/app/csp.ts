// What the dashboard needs to run under the server's Content-Security-Policy (no eval, <style>
// elements only with the page's nonce). main.tsx imports this module first: zod reads its
// configuration when a schema is created, and schemas are created as their modules load.
// zod 4 compiles object parsers with `new Function` when it may, and probes whether it may by
// trying: a violation report even where the probe fails quietly. Parsing without it is enough.
// Set through zod's global (what `z.config` writes), so that zod itself stays out of the first
// page's JavaScript (ADR 0004): zod merges into this object when it loads.
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

/**
 * Radix's scroll lock (react-style-singleton, through get-nonce) adds a <style> when a dialog
 * opens and reads the nonce from the global webpack convention; Vite's <meta property="csp-nonce">
 * carries it (the server puts a fresh one in each answer of index.html).
 */
export function adoptCspNonce(): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  if (!nonce) return;
  (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
