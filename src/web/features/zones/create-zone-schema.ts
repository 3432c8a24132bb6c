// The create-zone form: the shared field rules (name, region, TTL), with "Account default" as ''.
import { z } from 'zod';
import { ttlSchema } from '../../../shared/api/fields';
import { regionSchema, zoneNameSchema } from '../../../shared/api/zones';
import { TTL_DEFAULT } from '../../../shared/dns/limits';

export const createZoneForm = z.object({
  name: zoneNameSchema,
  region: z.union([z.literal(''), regionSchema]),
  ttl: ttlSchema,
});

export type CreateZoneFormInput = z.input<typeof createZoneForm>;
export type CreateZoneFormOutput = z.output<typeof createZoneForm>;

export const CREATE_ZONE_DEFAULTS: CreateZoneFormInput = { name: '', region: '', ttl: TTL_DEFAULT };
export const CREATE_ZONE_FIELDS = ['name', 'region', 'ttl'] as const;
