// The Node HTTP server under the app, with the limits Node's defaults leave too loose for the open
// internet: a minute for headers and five for a request let a few slow clients hold every socket.
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { Config } from '../config';

type Fetch = Parameters<typeof serve>[0]['fetch'];

export async function listenHttp(fetch: Fetch, config: Config): Promise<ServerType> {
  // Node refuses a headers timeout above the request timeout; the headers are part of the request.
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, requestTimeout);
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve(
      {
        fetch,
        hostname: config.HOST,
        port: config.PORT,
        serverOptions: {
          headersTimeout,
          requestTimeout,
          keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
          // Both timeouts are enforced by a sweep that runs this often (Node's default is 30 s,
          // which would let a slow client overstay its timeout by up to that much).
          connectionsCheckingInterval: Math.min(1000, headersTimeout / 2),
          // maxHeaderSize stays at Node's 16 KiB: ample for a bearer key, small enough.
        },
      },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  // Connections beyond this are closed as soon as they are accepted.
  (server as Server).maxConnections = config.HTTP_MAX_CONNECTIONS;
  return server;
}
