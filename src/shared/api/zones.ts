// Zone bodies: create and update input, the zone object, list items.
import { z } from 'zod';
import { MAX_NAME_LENGTH, toALabel } from '../dns/labels';
import { normalizeZoneName } from '../dns/names';
import { envelope, messageSchema, pagingQuery, paginationSchema, ZONE_PAGE } from './common';
import { ttlSchema } from './fields';
import { excludeLinesSchema, zoneFileSummarySchema } from './zone-file';

export const REGIONS = ['EU_GLOBAL', 'EU', 'GLOBAL'] as const;
export type Region = (typeof REGIONS)[number];
export const REGION_MEANING: Record<Region, string> = {
  EU_GLOBAL: 'European Union plus global anycast ASNs',
  EU: 'European Union anycast ASN only',
  GLOBAL: 'Global anycast ASN only',
};

export const zoneNameSchema = z
  .string({ error: 'Name must be a domain name such as example.com.' })
  .transform((value, ctx) => {
    const r = normalizeZoneName(value);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  });

export const regionSchema = z.enum(REGIONS, {
  error: `Region must be one of ${REGIONS.join(', ')}.`,
});

export const zoneStatusSchema = z.enum(['active', 'disabled'], {
  error: 'Status must be "active" or "disabled".',
});

const dnssecFlag = z.boolean({ error: 'dnssec_enabled must be true or false.' });
const DNSSEC_ON_CREATE =
  'A zone is created unsigned: create it, then turn DNSSEC on with PATCH /v1/zones/{zone_id}/dnssec/status and {"enabled": true}.';

export const createZoneInput = z.object({
  name: zoneNameSchema,
  type: z
    .enum(['primary', 'master'], { error: 'Type must be "primary".' })
    .optional()
    .transform(() => 'primary' as const),
  region: regionSchema.optional(),
  ttl: ttlSchema.optional(),
  // Accepted for clients that send a whole zone object; any other value would be ignored, so it
  // is refused instead.
  status: z
    .literal('active', {
      error:
        'A zone is always created active; leave "status" out, then disable the zone with PUT /v1/zones/{zone_id} and {"status": "disabled"}.',
    })
    .optional(),
  /**
   * A zone file to import into the new zone in the same step (as POST …/import in merge mode).
   * Any error in it refuses the whole creation with 400 zone_file_invalid; needs records:write.
   */
  zone_file: z.string({ error: 'zone_file must be the text of a zone file.' }).optional(),
  // Accepted unsigned (a whole zone object sent back); asking for a signed one is refused.
  dnssec_enabled: z.literal(false, { error: DNSSEC_ON_CREATE }).optional(),
  settings: z
    .object({ dnssec_enabled: z.literal(false, { error: DNSSEC_ON_CREATE }).optional() })
    .optional(),
  /** With zone_file: its lines to leave out (an erroneous line must be fixed or listed here). */
  exclude_lines: excludeLinesSchema.optional(),
  // A creation is not previewed: refused rather than ignored, which would create the zone.
  dry_run: z
    .literal(false, {
      error:
        'A zone creation has no dry run. To preview a zone file, create the zone without it, then send the file to POST /v1/zones/{zone_id}/import with "dry_run": true.',
    })
    .optional(),
});
export type CreateZoneInput = z.input<typeof createZoneInput>;

export const updateZoneInput = z.object({
  // name, type and region cannot change; they are accepted when they equal the zone's own
  // (compat: clients that send the whole zone), and the route refuses any other value.
  name: z.string({ error: 'Name must be a string.' }).optional(),
  type: z.string({ error: 'Type must be a string.' }).optional(),
  region: regionSchema.optional(),
  ttl: ttlSchema.optional(),
  status: zoneStatusSchema.optional(),
  // DNSSEC has a route of its own: the zone's value is accepted (compat), another is refused.
  dnssec_enabled: dnssecFlag.optional(),
  settings: z.object({ dnssec_enabled: dnssecFlag.optional() }).optional(),
});
export type UpdateZoneInput = z.input<typeof updateZoneInput>;

export const zoneSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  name: z.string(),
  type: z.string(),
  region: z.string(),
  ttl: z.number().int(),
  status: z.string(),
  dnssec_enabled: z.boolean(),
  settings: z.object({ dnssec_enabled: z.boolean() }),
  nameservers: z.array(z.string()),
  record_count: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Zone = z.infer<typeof zoneSchema>;

export const zoneListItemSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  name: z.string(),
  type: z.string(),
  region: z.string(),
  status: z.string(),
  settings: z.object({ dnssec_enabled: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ZoneListItem = z.infer<typeof zoneListItemSchema>;

/** The longest `name` filter of the zone list: no zone name is longer. */
export const ZONE_FILTER_MAX = MAX_NAME_LENGTH;

export const listZonesQuery = pagingQuery(ZONE_PAGE).extend({
  name: z
    .string()
    .max(
      ZONE_FILTER_MAX,
      `name is a part of a zone name, at most ${ZONE_FILTER_MAX} characters (the longest domain name)`,
    )
    .optional()
    .meta({
      description:
        'Only the zones whose name, as listed, contains this text, in any case (shop finds shop.example and myshop.eu). ' +
        'An internationalised name is listed, and matched, in its xn-- form (xn--bcher-kva.example); ' +
        'a label written in Unicode is turned into its xn-- form first, so it matches only whole labels. ' +
        '%, _ and \\ are plain characters; a final dot is dropped. Empty: no filter. Total and has_more count the matching zones.',
      maxLength: ZONE_FILTER_MAX,
    }),
});

/**
 * The text a zone list's name filter looks for in the names as listed: lower case, each label
 * written in Unicode in its xn-- form (Punycode encodes a whole label, so part of one cannot be
 * turned into part of another: "bücher" finds xn--bcher-kva.example, "büch" finds nothing). A
 * name typed whole with its final dot ("example.com.") is listed without it.
 */
export function zoneNameNeedle(text: string): string {
  const lenient = { underscore: true, hyphenAtEdges: true, wildcardProblem: '' };
  return text
    .replace(/[.\u3002\uff0e\uff61]$/, '')
    .split(/([.\u3002\uff0e\uff61])/)
    .map((part, i) => {
      if (i % 2 === 1) return '.';
      if (!/[^\p{ASCII}]/u.test(part)) return part.toLowerCase();
      const label = toALabel(part, lenient);
      return label.ok ? label.value : part.toLowerCase();
    })
    .join('');
}

export const zoneListSchema = z.object({
  zones: z.array(zoneListItemSchema),
  pagination: paginationSchema,
});

export const zoneResponse = envelope(zoneSchema);
/** A new zone; made from a zone file, with what was taken of the file. */
export const zoneCreatedResponse = envelope(
  zoneSchema.extend({ zone_file: zoneFileSummarySchema.optional() }),
);
export const zoneListResponse = envelope(zoneListSchema);
export const zoneDeleteResponse = envelope(messageSchema);
