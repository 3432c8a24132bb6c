// The environment, parsed once. Nothing else in the server reads process.env.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseNotifyTargets, parseTransferAllow, type Parsed } from './dns/transfer/acl';
import { tsigKeysSchema } from './dns/transfer/tsig-keys';

const hostList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase().replace(/\.$/, ''))
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/)).min(1));

// CSP source expressions: no quotes, semicolons or commas, which would change the policy itself.
const cspSources = z
  .string()
  .transform((s) => s.split(/\s+/).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[^\s;,'"]+$/, 'a CSP source such as https://api.example.com')));

/** A setting read by `parse` (unset: ''), whose message names the entry at fault. */
function parsedSetting<T>(parse: (text: string) => Parsed<T>) {
  return z
    .string()
    .default('')
    .transform((text, ctx): T => {
      const r = parse(text);
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    });
}

const port = z.coerce.number().int().min(0).max(65535);
const count = z.coerce.number().int().min(0);

export const configSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  DNS_PORT: port.default(8053),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * postgres://user:password@host:port/database: the store is that PostgreSQL database (ADR
   * 0017). Unset: SQLite in DATA_DIR.
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'a postgres://user:password@host:port/database URL')
    .optional(),
  /**
   * PostgreSQL: statements the server runs again are prepared once per connection (on), or
   * sent whole every time (off: behind PgBouncer before 1.21 in transaction mode).
   */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Nameservers assigned to zones in the EU region (and to EU_GLOBAL zones). */
  NAMESERVERS_EU: hostList.default(['ns1.eu.zonedeck.example', 'ns2.eu.zonedeck.example']),
  /** Nameservers assigned to zones in the GLOBAL region (and to EU_GLOBAL zones). */
  NAMESERVERS_GLOBAL: hostList.default([
    'ns1.global.zonedeck.example',
    'ns2.global.zonedeck.example',
  ]),
  /** Where the built dashboard lives; served on the same origin as the API. */
  WEB_DIR: z.string().min(1).default('./dist/web'),

  // Limits a public server needs; docs/security.md explains each default.
  /** DNS response rate limiting: identical responses per second per source prefix; 0 is off. */
  DNS_RRL_RATE: count.default(20),
  /** NXDOMAIN and error responses per second per source prefix (0: same as DNS_RRL_RATE). */
  DNS_RRL_ERRORS_RATE: count.default(10),
  /** Every Nth limited response is sent truncated (TC) instead of dropped; 0 drops them all. */
  DNS_RRL_SLIP: count.default(2),
  /** Seconds of history an RRL bucket may owe (the burst allowance). */
  DNS_RRL_WINDOW: count.min(1).default(15),
  DNS_RRL_IPV4_PREFIX: z.coerce.number().int().min(8).max(32).default(24),
  DNS_RRL_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(56),
  /** RRL buckets held at most (about 150 bytes each); the least recently used go first. */
  DNS_RRL_TABLE_SIZE: count.min(100).default(100_000),
  /** DNS over TCP: open connections in all, and from one address. */
  /**
   * Processes answering DNS over UDP: `auto` (one per core) or a number; 1 is this process
   * alone. TCP, zone transfers and NOTIFY stay in the main process (ADR 0020).
   */
  DNS_WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default('auto')
    .transform((v) => (v === 'auto' ? Math.max(1, availableParallelism()) : v)),
  DNS_TCP_MAX_CONNECTIONS: count.min(1).default(1000),
  DNS_TCP_MAX_PER_ADDRESS: count.min(1).default(20),
  /** A connection with no complete query for this long is closed (a trickle does not count). */
  DNS_TCP_IDLE_MS: count.min(100).default(10_000),
  /** A connection is closed after this long whatever it does. */
  DNS_TCP_SESSION_MS: count.min(100).default(120_000),
  /** A connection whose answers stay unread (reading stopped) for this long is closed. */
  DNS_TCP_STALL_MS: count.min(100).default(5_000),

  // Zone transfers to secondaries (docs/secondaries.md). Nobody may transfer unless allowed.
  /** TSIG keys: `name:hmac-sha256:<base64 secret>`, comma-separated (hmac-sha512 too). */
  DNS_TSIG_KEYS: z.string().default('').pipe(tsigKeysSchema),
  /** Addresses, CIDR blocks and `key:<name>` entries allowed to transfer zones (AXFR, IXFR). */
  DNS_TRANSFER_ALLOW: parsedSetting(parseTransferAllow),
  /** Secondaries told of every new serial: `host:port`, optionally `@<key name>` to sign. */
  DNS_NOTIFY: parsedSetting(parseNotifyTargets),
  /** The catalog zone (RFC 9432) listing every transferable zone; unset: no catalog. */
  DNS_CATALOG_ZONE: z
    .string()
    .transform((s) => s.trim().toLowerCase().replace(/\.$/, ''))
    .pipe(
      z
        .string()
        .regex(
          /^([a-z0-9_]([a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?$/,
          'a domain name such as catalog.zonedeck.internal',
        ),
    )
    .optional(),

  /**
   * For `npm run bench:dns` only, not a setting to run with: "off" answers DNS without counting
   * usage, so that the bench can print what counting costs. The usage page would show nothing.
   */
  BENCH_USAGE_COUNTING: z.enum(['on', 'off']).default('on'),

  /** API requests per second per key (token bucket); 0 turns the limit off. */
  API_RATE_LIMIT: count.default(50),
  /** Requests a key may send at once above the rate (the bucket's size). */
  API_RATE_BURST: count.min(1).default(300),
  /**
   * Requests per second per source address that fail authentication (no key, a malformed header,
   * an unknown or revoked key), and their burst; 0 turns it off. An address over it is refused
   * before its key is looked up, so that a key-guessing flood is cut short.
   */
  API_AUTH_FAILURE_RATE: count.default(5),
  API_AUTH_FAILURE_BURST: count.min(1).default(50),
  /** Zones per customer, and records per zone. */
  QUOTA_ZONES: count.min(1).default(10_000),
  QUOTA_RECORDS_PER_ZONE: count.min(1).default(250_000),
  /** HTTP: time to receive a request's headers, and its whole body; open connections. */
  HTTP_HEADERS_TIMEOUT_MS: count.min(1000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: count.min(1000).default(30_000),
  HTTP_MAX_CONNECTIONS: count.min(1).default(2000),
  /** How long an idle keep-alive connection stays open (above a proxy's own idle timeout). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: count.min(1000).default(5_000),
  /**
   * Origins the dashboard may call besides its own (the sign-in form's "Service elsewhere?"),
   * as CSP sources separated by spaces. `https:` lets it reach any HTTPS API but never send a
   * key in clear text to another origin; '' allows only this service.
   */
  HTTP_CSP_CONNECT_SRC: cspSources.default(['https:']),
  /**
   * The change journal keeps a change while it is younger than this many days OR among the
   * newest JOURNAL_KEEP_PER_ZONE changes of its zone; the rest is pruned in the background.
   */
  JOURNAL_RETENTION_DAYS: count.min(1).default(90),
  JOURNAL_KEEP_PER_ZONE: count.default(1000),
  /** /metrics answers only with "Authorization: Bearer <this>"; unset, /metrics is off. */
  METRICS_TOKEN: z.string().min(16).optional(),
});

/** Every key DNS_TRANSFER_ALLOW and DNS_NOTIFY name must be one of DNS_TSIG_KEYS. */
const checkedConfig = configSchema.superRefine((c, ctx) => {
  const missing = (setting: string, key: string) =>
    ctx.addIssue({
      code: 'custom',
      path: [setting],
      message: `the TSIG key "${key.replace(/\.$/, '')}" is not in DNS_TSIG_KEYS; add it there as name:hmac-sha256:<base64 secret>`,
    });
  for (const key of c.DNS_TRANSFER_ALLOW.keys)
    if (!c.DNS_TSIG_KEYS.has(key)) missing('DNS_TRANSFER_ALLOW', key);
  for (const t of c.DNS_NOTIFY)
    if (t.key && !c.DNS_TSIG_KEYS.has(t.key)) missing('DNS_NOTIFY', t.key);
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  webDir: string;
  /** The settings as given (of the keys above), for the DNS workers to read the same. */
  given: Record<string, string>;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = checkedConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const given: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined) given[key] = value;
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    webDir: path.resolve(parsed.data.WEB_DIR),
    given,
  };
}
