// Serves the built dashboard on the API's origin, with index.html for client-side routes.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from './context';
import { loadIndex, newNonce, NONCE_PLACEHOLDER } from './index-html';
import { dashboardCsp } from './security-headers';

export function serveDashboard(
  app: OpenAPIHono<AppEnv>,
  config: Pick<Config, 'webDir' | 'HTTP_CSP_CONNECT_SRC'>,
) {
  const { webDir } = config;
  const root = path.relative(process.cwd(), webDir) || '.';
  const indexFile = path.join(webDir, 'index.html');

  // Every path that answers with index.html comes here: it needs its own nonce and policy.
  const serveIndex = async (c: Context<AppEnv>) => {
    const page = await loadIndex(indexFile);
    if (!page) {
      return c.text(
        'The dashboard is not built yet: run `npm run build` (npm start does it for you).',
        503,
      );
    }
    const nonce = newNonce();
    c.header(
      'Content-Security-Policy',
      dashboardCsp({ ...page, nonce, connectSrc: config.HTTP_CSP_CONNECT_SRC }),
    );
    c.header('Cache-Control', 'no-cache'); // a new release's asset names reach the browser
    return c.html(page.html.replaceAll(NONCE_PLACEHOLDER, nonce));
  };

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Before serveStatic, which would answer these two with the file as it is.
  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
  // Without a build (tests, or before the first `npm run build`) only the fallback below answers.
  if (fs.existsSync(webDir)) app.get('*', serveStatic({ root }));
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/v1/') || path.extname(c.req.path)) return next();
    return serveIndex(c);
  });
}
