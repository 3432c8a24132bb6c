// Operator command for API keys: create (printing the key alone on the last line), list, revoke.
import { parseArgs } from 'node:util';
import { SCOPES, type Scope } from '../../shared/api/fields';
import { REGIONS } from '../../shared/api/zones';
import { loadConfig } from '../config';
import { createApiKey, ensureCustomer, listApiKeys, revokeApiKey } from '../store/customers';
import { openStore } from '../store/db';

const USAGE = `Usage:
  npm run --silent apikey -- create --customer <id> --scopes <scope,...> [--region <REGION>] [--label <text>]
  npm run --silent apikey -- list [--customer <id>]
  npm run --silent apikey -- revoke <key_id>

Scopes: ${SCOPES.join(', ')} (or "all").
Regions: ${REGIONS.join(', ')} (the default region of a new customer; EU_GLOBAL if omitted).
DATA_DIR selects the data directory, as for the server.`;

class UsageError extends Error {}

function parseScopes(text: string | undefined): Scope[] {
  if (!text) throw new UsageError('--scopes is required.');
  if (text.trim() === 'all') return [...SCOPES];
  const scopes = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length)
    throw new UsageError(`Unknown scope ${unknown.join(', ')}; use ${SCOPES.join(', ')}.`);
  if (!scopes.length) throw new UsageError('--scopes needs at least one scope.');
  return [...new Set(scopes)] as Scope[];
}

export async function runApiKeyCli(argv: string[], out: (line: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      customer: { type: 'string' },
      scopes: { type: 'string' },
      region: { type: 'string' },
      label: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    out(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const store = await openStore(config.dataDir, {
    databaseUrl: config.DATABASE_URL,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  try {
    if (command === 'create') {
      const customer = values.customer?.trim();
      if (!customer || !/^[\w.-]{1,64}$/.test(customer)) {
        throw new UsageError('--customer <id> is required (letters, digits, ".", "_" or "-").');
      }
      const scopes = parseScopes(values.scopes);
      const region = values.region ?? 'EU_GLOBAL';
      if (!(REGIONS as readonly string[]).includes(region)) {
        throw new UsageError(`Unknown region ${region}; use ${REGIONS.join(', ')}.`);
      }
      const created = await ensureCustomer(store.db, customer, region);
      const { id, key } = await createApiKey(store.db, customer, scopes, values.label ?? null);
      if (created) out(`Created customer ${customer} (default region ${region}).`);
      out(
        `Created key ${id} for customer ${customer} with scopes ${scopes.join(',')}. It is shown only once:`,
      );
      out(key);
      return 0;
    }
    if (command === 'list') {
      for (const k of await listApiKeys(store.db, values.customer)) {
        out(
          `${k.id}  customer=${k.customer_id}  scopes=${k.scopes}  created=${k.created_at}${k.revoked_at ? `  revoked=${k.revoked_at}` : ''}${k.label ? `  label=${k.label}` : ''}`,
        );
      }
      return 0;
    }
    if (command === 'revoke') {
      const keyId = rest[0];
      if (!keyId) throw new UsageError('revoke needs the key id (see list).');
      if (!(await revokeApiKey(store.db, keyId)))
        throw new UsageError(`No active key with id ${keyId}.`);
      out(`Revoked key ${keyId}.`);
      return 0;
    }
    throw new UsageError(`Unknown command ${command}.`);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw e;
  } finally {
    await store.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runApiKeyCli(process.argv.slice(2), (line) => process.stdout.write(line + '\n')).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`apikey failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
