// The parser of GET .../usage/rrsets, loaded on demand with zod (rrset-usage.ts).
import { rrsetUsageSchema } from '../../shared/api/usage-rrsets';

export const rrsetUsageParser = rrsetUsageSchema;
