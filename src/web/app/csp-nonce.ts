// The server's Content-Security-Policy allows <style> elements only with this page's nonce.
// Radix's scroll lock (react-style-singleton, through get-nonce) adds one when a dialog opens
// and reads the nonce from the global webpack convention; Vite's <meta property="csp-nonce">
// carries it (the server puts a fresh one in each answer of index.html).
export function adoptCspNonce(): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  if (!nonce) return;
  (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
