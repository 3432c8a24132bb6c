// The environment, parsed once. Nothing else in the server reads process.env.
import path from 'node:path';
import { z } from 'zod';

const hostList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase().replace(/\.$/, ''))
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/)).min(1));

const port = z.coerce.number().int().min(0).max(65535);

export const configSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  DNS_PORT: port.default(8053),
  DATA_DIR: z.string().min(1).default('./data'),
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
});

export type Config = z.infer<typeof configSchema> & { dataDir: string; webDir: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    webDir: path.resolve(parsed.data.WEB_DIR),
  };
}
