// First start with an empty data directory: customer `default` and one key with every scope.
import { SCOPES } from '../shared/api/fields';
import { countCustomers, createApiKey, ensureCustomer } from './store/customers';
import type { Db } from './store/db';

export async function bootstrapFirstKey(db: Db): Promise<string | null> {
  if ((await countCustomers(db)) > 0) return null;
  await ensureCustomer(db, 'default', 'EU_GLOBAL');
  const { key } = await createApiKey(db, 'default', SCOPES, 'first-start sign-in key');
  return key;
}
