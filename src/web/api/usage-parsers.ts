// Parsers of the usage answers: the shared zod schema, and the service's own /service.json.
// Loaded on demand (usage.ts imports it dynamically), so zod stays out of the initial load.
import { z } from 'zod';
import { dayUsageSchema, usageSchema } from '../../shared/api/usage';
import { topNamesSchema } from '../../shared/api/usage-top-names';

/**
 * The fields beyond the month's totals are read as optional: a hosted service that answers the
 * provider's fields alone (no outcomes, no granularity) still shows its totals.
 */
export const usageParser = usageSchema
  .partial({
    total_queries: true,
    period_start: true,
    period_end: true,
    granularity: true,
    by_outcome: true,
    hourly_breakdown: true,
  })
  .extend({
    daily_breakdown: z.array(dayUsageSchema.partial({ by_outcome: true })).optional(),
  });
export type UsageAnswer = z.infer<typeof usageParser>;

export const topNamesParser = topNamesSchema;
export type TopNamesAnswer = z.infer<typeof topNamesParser>;

/** `GET /service.json`: where the service's DNS server listens (public, no envelope). */
export const serviceInfoParser = z.object({
  dns: z.object({
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535),
  }),
});
export type ServiceInfo = z.infer<typeof serviceInfoParser>;

export { changeWatchSchema as changeWatchParser } from '../../shared/api/usage-watch';
