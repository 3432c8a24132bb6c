// Parsers of the usage answers: the shared zod schema, and the service's own /service.json.
// Loaded on demand (usage.ts imports it dynamically), so zod stays out of the initial load.
import { z } from 'zod';
import { usageSchema } from '../../shared/api/usage-dnssec';

export const usageParser = usageSchema;

/** `GET /service.json`: where the service's DNS server listens (public, no envelope). */
export const serviceInfoParser = z.object({
  dns: z.object({
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535),
  }),
});
export type ServiceInfo = z.infer<typeof serviceInfoParser>;
