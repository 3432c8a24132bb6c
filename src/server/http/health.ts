// Probes for load balancers and orchestrators, without a key: /healthz says the process serves
// HTTP (restart it if not); /readyz says this node can serve traffic now: its database answers
// and its DNS view of every zone is loaded (send it no traffic if not).
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { errorJson } from './errors';

export interface Readiness {
  /** Resolves when the database takes a query; rejects with why not. */
  database(): Promise<void>;
  dnsViewLoaded(): boolean;
  /** Several nodes (ADR 0021): whether this node hears the others' writes now; absent alone. */
  followingChanges?(): boolean;
}

/** A database that has not answered in this long is as good as down for a load balancer. */
const DATABASE_TIMEOUT_MS = 2_000;

export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, readiness: Readiness) {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const database = await answers(Promise.resolve().then(() => readiness.database()));
    const dnsView = readiness.dnsViewLoaded() ? 'loaded' : 'loading';
    const following = readiness.followingChanges?.();
    const changes =
      following === undefined ? {} : { changes: following ? 'following' : 'reconnecting' };
    const checks = { database: database ?? 'ok', dns_view: dnsView, ...changes };
    if (!database && dnsView === 'loaded' && following !== false)
      return c.json({ status: 'ready', checks });
    const reasons = [
      ...(database ? [`the database does not answer (${database})`] : []),
      ...(dnsView === 'loaded' ? [] : ['the DNS view is still loading']),
      ...(following === false
        ? ["the change feed is reconnecting: this node's DNS may lag the other nodes' writes"]
        : []),
    ];
    c.get('log')?.warn({ checks }, 'not ready');
    return errorJson(c, 503, 'not_ready', `Not ready: ${reasons.join('; ')}.`, { checks });
  });
}

/** undefined when `ping` resolves in time, else a short cause (no URL, no SQL). */
async function answers(ping: Promise<void>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(
      () => resolve(`no answer in ${DATABASE_TIMEOUT_MS / 1000} s`),
      DATABASE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([ping.then(() => undefined), timeout]);
  } catch (e) {
    const code = e instanceof Error && 'code' in e ? String(e.code) : '';
    return code || 'error';
  } finally {
    clearTimeout(timer);
  }
}
