// Starts the real service on a free port with a fresh temporary database, for route tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { expect } from 'vitest';
import { SCOPES, type Scope } from '../../shared/api/fields';
import { loadConfig } from '../config';
import { startService, type RunningService } from '../server';
import { createApiKey, ensureCustomer } from '../store/customers';
import type { OpenedStore } from '../store/db';
import { openTestStore, testDatabaseUrl, testDialect } from './test-store';

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** The JSON body, typed loosely: tests look into answers of every shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test boundary
export type Json = any;

export interface TestClient {
  get(path: string): Promise<ApiAnswer<Json>>;
  post(path: string, body?: unknown): Promise<ApiAnswer<Json>>;
  put(path: string, body?: unknown): Promise<ApiAnswer<Json>>;
  patch(path: string, body?: unknown): Promise<ApiAnswer<Json>>;
  delete(path: string): Promise<ApiAnswer<Json>>;
  raw(path: string, init: RequestInit): Promise<ApiAnswer<Json>>;
}

export interface TestServer {
  url: string;
  dataDir: string;
  store: OpenedStore;
  service: RunningService;
  /** A key for `customer` (created if new) holding `scopes` (all five by default). */
  key(customer?: string, scopes?: readonly Scope[]): Promise<string>;
  client(key?: string): TestClient;
  /** A client whose key holds every scope, for customer `acme`. */
  admin: TestClient;
  close(): Promise<void>;
}

/** `env` sets configuration beyond the defaults (limits, tokens), as the environment would. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    DNS_PORT: '0',
    LOG_LEVEL: 'silent',
    // One process: a test that wants DNS workers asks for them.
    DNS_WORKERS: '1',
    // The matrix's PostgreSQL database, for whatever reads the configuration (DNS workers).
    ...(testDialect() === 'postgres' ? { DATABASE_URL: await testDatabaseUrl(dataDir) } : {}),
    ...env,
  });
  const store = await openTestStore(dataDir);
  const service = await startService(config, store, pino({ level: 'silent' }));

  const key = async (customer = 'acme', scopes: readonly Scope[] = SCOPES) => {
    await ensureCustomer(store.db, customer, 'EU_GLOBAL');
    return (await createApiKey(store.db, customer, scopes)).key;
  };

  const client = (apiKey?: string): TestClient => {
    const raw = async (p: string, init: RequestInit): Promise<ApiAnswer<Json>> => {
      const headers = new Headers(init.headers);
      if (apiKey && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${apiKey}`);
      const res = await fetch(service.url + p, { ...init, headers });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, headers: res.headers, body };
    };
    const withBody = (method: string) => (p: string, body?: unknown) =>
      raw(p, {
        method,
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
      });
    return {
      get: (p) => raw(p, { method: 'GET' }),
      post: withBody('POST'),
      put: withBody('PUT'),
      patch: withBody('PATCH'),
      delete: (p) => raw(p, { method: 'DELETE' }),
      raw,
    };
  };

  const admin = client(await key());
  return {
    url: service.url,
    dataDir,
    store,
    service,
    key,
    client,
    admin,
    async close() {
      await service.stop();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a zone through the API and returns its id. */
export async function createZone(
  c: TestClient,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const r = await c.post('/v1/zones', { name, ...extra });
  if (r.status !== 201)
    throw new Error(`zone create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id as string;
}

/** The answer is the error a test expects: its status (the body shown when not) and its code. */
export function expectError(r: ApiAnswer<Json>, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.error.code).toBe(code);
}

/** The zone's SOA serial, from the store (the API does not show it). */
export async function zoneSerial(srv: Pick<TestServer, 'store'>, zoneId: string): Promise<number> {
  const row = await srv.store.db
    .selectFrom('zones')
    .select('serial')
    .where('id', '=', zoneId)
    .executeTakeFirstOrThrow();
  return row.serial;
}
