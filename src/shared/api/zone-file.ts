// Zone-file import: the request and the answer (a diff per RRset, what was skipped and why, the
// errors by line). An import is one change of the journal, so History shows it and reverts it.
import { z } from 'zod';
import { envelope } from './common';
import { appliedChangeSchema } from './changes';

export const IMPORT_MODES = ['merge', 'replace'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A replace that would remove more than this share of the zone's RRsets must be confirmed. */
export const LARGE_DELETE_SHARE = 0.3;

/** The largest zone file accepted: 100,000 records of a typical size fit several times over. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

export const excludeLinesSchema = z.array(
  z
    .number({ error: 'exclude_lines must hold line numbers.' })
    .int({ error: 'exclude_lines must hold whole line numbers.' })
    .min(1, { error: 'Line numbers start at 1.' }),
  { error: 'exclude_lines must be a list of line numbers.' },
);

export const importInput = z
  .object({
    zone_file: z.string({ error: 'zone_file must be the text of a zone file.' }),
    /**
     * merge (default): the file's RRsets replace the zone's RRsets of the same name and type,
     * every other RRset stays. replace: the zone ends up holding exactly the file's RRsets.
     */
    mode: z.enum(IMPORT_MODES, { error: 'mode must be "merge" or "replace".' }).optional(),
    dry_run: z.boolean({ error: 'dry_run must be true or false.' }).optional(),
    /** Lines of the file left out of the import (an erroneous line must be fixed or listed here). */
    exclude_lines: excludeLinesSchema.optional(),
    /** Needed when a replace removes more than LARGE_DELETE_SHARE of the zone's RRsets. */
    confirm_large_delete: z
      .boolean({ error: 'confirm_large_delete must be true or false.' })
      .optional(),
  })
  .strict();
export type ImportInput = z.input<typeof importInput>;

export const IMPORT_SKIP_REASONS = [
  'soa',
  'apex_ns',
  'dnssec',
  'unsupported_type',
  'out_of_zone',
  'unsupported_directive',
  'excluded',
  /** A name another zone hosted here answers for (ADR 0030): it goes into that zone. */
  'other_zone',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/** A line of the file not imported, and why in words a user can act on. */
export const importSkippedSchema = z.object({
  line: z.number().int(),
  reason: z.enum(IMPORT_SKIP_REASONS),
  /** The owner name (absolute), when the line is a record. */
  name: z.string().optional(),
  /** The type as written ("HINFO", "TYPE65534"), or the directive ("$INCLUDE"). */
  type: z.string().optional(),
  message: z.string(),
});
export type ImportSkipped = z.infer<typeof importSkippedSchema>;

/** A line that cannot be imported as written: fix it, or list it in exclude_lines. */
export const importErrorSchema = z.object({
  line: z.number().int(),
  message: z.string(),
  /** "name", "ttl", "type", or the record type's sub-field ("priority", "params"...). */
  field: z.string().optional(),
  /** For a rule broken by the zone's final state (cname_conflict...): the API's error code. */
  code: z.string().optional(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** Imported, but not quite as written (a TTL differing inside an RRset, a repeated value). */
export const importWarningSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportWarning = z.infer<typeof importWarningSchema>;

/** What a zone created from a file took of it: the lines not imported and why, the warnings. */
export const zoneFileSummarySchema = z.object({
  records_read: z.number().int(),
  skipped: z.array(importSkippedSchema),
  warnings: z.array(importWarningSchema),
});
export type ZoneFileSummary = z.infer<typeof zoneFileSummarySchema>;

export const importResultSchema = appliedChangeSchema.extend({
  mode: z.enum(IMPORT_MODES),
  /** Records of the 14 types the file holds in the zone (apex NS included, exclusions not left out). */
  records_read: z.number().int(),
  /** RRsets, not values: what the preview's counters show. */
  rrset_counts: z.object({
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
  }),
  skipped: z.array(importSkippedSchema),
  errors: z.array(importErrorSchema),
  warnings: z.array(importWarningSchema),
  /** The guard rail on replace: RRsets removed of the zone's total, and whether it needs confirming. */
  large_delete: z.object({
    removed: z.number().int(),
    total: z.number().int(),
    confirmation_required: z.boolean(),
  }),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importResponse = envelope(importResultSchema);

/**
 * 400 zone_file_invalid: details.errors lists every error (line, message, field) still in the
 * file and not excluded; a dry run answers them in the result instead.
 * 409 large_delete_unconfirmed: details { removed, total, share }.
 */
export const zoneFileInvalidDetailsSchema = z.object({ errors: z.array(importErrorSchema) });
