// Serves the built dashboard on the API's origin, with index.html for client-side routes.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';

export function serveDashboard(app: OpenAPIHono<AppEnv>, webDir: string) {
  const root = path.relative(process.cwd(), webDir) || '.';
  const indexFile = path.join(webDir, 'index.html');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Without a build (tests, or before the first `npm run build`) only the fallback below answers.
  if (fs.existsSync(webDir)) app.get('*', serveStatic({ root }));
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/v1/') || path.extname(c.req.path)) return next();
    if (!fs.existsSync(indexFile)) {
      return c.text(
        'The dashboard is not built yet: run `npm run build` (npm start does it for you).',
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(await fs.promises.readFile(indexFile, 'utf8'));
  });
}
