// Security headers on every answer: a Content-Security-Policy (the dashboard's for its HTML,
// "nothing at all" for JSON and files), no sniffing, no framing, no referrer, and no caching of
// API answers, which hold customer data.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/** JSON, text and assets: nothing may load, run or frame from them if opened as a page. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

export interface DashboardPolicy {
  /** A fresh value per answer of index.html (Radix's scroll lock adds a <style> with it). */
  nonce: string;
  /** 'sha256-…' of inline scripts and styles the build is known to hold or to inject. */
  scriptHashes: readonly string[];
  styleHashes: readonly string[];
  /** Where else the dashboard may call an API (the sign-in form's "Service elsewhere?"). */
  connectSrc: readonly string[];
}

const quoted = (hashes: readonly string[]) => hashes.map((h) => ` '${h}'`).join('');

/** The CSP of index.html: scripts and styles from this origin only, plus what is hashed or nonced. */
export function dashboardCsp(p: DashboardPolicy): string {
  return [
    "default-src 'self'",
    `script-src 'self'${quoted(p.scriptHashes)}`,
    `style-src 'self' 'nonce-${p.nonce}'${quoted(p.styleHashes)}`,
    "img-src 'self' data:",
    `connect-src 'self'${p.connectSrc.map((s) => ` ${s}`).join('')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // static.ts sets the dashboard's own policy on index.html; every other answer gets this one.
    if (!c.res.headers.has('Content-Security-Policy'))
      c.header('Content-Security-Policy', NON_HTML_CSP);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY'); // frame-ancestors for browsers without CSP level 2
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    // Zones, records, usage: a browser's disk cache must not keep them after sign-out.
    if (c.req.path.startsWith('/v1/') && !c.res.headers.has('Cache-Control'))
      c.header('Cache-Control', 'no-store');
  };
}
