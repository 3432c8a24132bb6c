// The change journal's bodies: a change (who, when, what), its RRset diff, revert and batch.
// Every write to a zone is one change; these shapes are what the History tab and bulk edits read.
import { z } from 'zod';
import { envelope, paginationSchema } from './common';
import { recordSchema } from './records';

/** Largest batch: a 10,000-operation batch applies in well under the 2 s budget (bench:api). */
export const BATCH_MAX_OPERATIONS = 10_000;

/** Paging of the history: newest first. */
export const CHANGE_PAGE = { default: 25, max: 100 } as const;

/** One value of an RRset as the journal keeps it. */
export const journalValueSchema = z.object({
  content: z.string(),
  disabled: z.boolean(),
});

/** An RRset's state on one side of a change; null where the RRset did not exist. */
export const rrsetStateSchema = z
  .object({
    ttl: z.number().int(),
    comment: z.string().nullable(),
    /** Sorted by content. */
    values: z.array(journalValueSchema),
  })
  .nullable();
export type RRsetState = z.infer<typeof rrsetStateSchema>;

/** One RRset a change touched: absolute name with its trailing dot, as records carry it. */
export const rrsetDiffSchema = z.object({
  name: z.string(),
  type: z.string(),
  before: rrsetStateSchema,
  after: rrsetStateSchema,
});
export type RRsetDiff = z.infer<typeof rrsetDiffSchema>;

/** A zone setting a change touched (the zone's TTL, status or DNSSEC state). */
export const settingDiffSchema = z.object({
  field: z.enum(['ttl', 'status', 'dnssec_enabled', 'dnssec_ds_removal']),
  before: z.union([z.number(), z.string(), z.boolean()]),
  after: z.union([z.number(), z.string(), z.boolean()]),
});
export type SettingDiff = z.infer<typeof settingDiffSchema>;

export const CHANGE_KINDS = ['records', 'batch', 'revert', 'import', 'zone', 'dnssec'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Values counted across the change's RRsets: added, removed, or kept with another TTL, comment or disabled flag. */
export const changeCountsSchema = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
});

export const changeSummarySchema = z.object({
  id: z.string(), // chg_…
  zone_id: z.string(),
  created_at: z.string(),
  kind: z.enum(CHANGE_KINDS),
  /** The API key that made it; null for operator commands. */
  actor: z.object({ key_id: z.string().nullable(), label: z.string().nullable() }),
  summary: z.string(),
  /** The SOA serial this change produced. */
  serial: z.number().int(),
  counts: changeCountsSchema,
  /** The change this one reverted, if it is a revert. */
  reverts: z.string().nullable(),
  /** Whether POST …/revert can apply its inverse (false for DNSSEC switches: a new key means a new DS). */
  revertible: z.boolean(),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

export const changeDetailSchema = changeSummarySchema.extend({
  rrsets: z.array(rrsetDiffSchema),
  settings: z.array(settingDiffSchema),
});
export type ChangeDetail = z.infer<typeof changeDetailSchema>;

export const changeListResponse = envelope(
  z.object({ changes: z.array(changeSummarySchema), pagination: paginationSchema }),
);
export const changeDetailResponse = envelope(changeDetailSchema);

export const revertInput = z
  .object({
    dry_run: z.boolean({ error: 'dry_run must be true or false.' }).optional(),
    force: z.boolean({ error: 'force must be true or false.' }).optional(),
  })
  .strict();
export type RevertInput = z.infer<typeof revertInput>;

/**
 * What a revert or a batch did, or with dry_run would do: the diff from the zone as it is now.
 * change_id and serial are null on a dry run (nothing was written).
 */
export const appliedChangeSchema = z.object({
  dry_run: z.boolean(),
  change_id: z.string().nullable(),
  serial: z.number().int().nullable(),
  counts: changeCountsSchema,
  rrsets: z.array(rrsetDiffSchema),
  settings: z.array(settingDiffSchema),
});
export const revertResponse = envelope(appliedChangeSchema);

/**
 * 409 change_conflict: details.rrsets names each RRset that changed since, with the state the
 * change left (`expected`) and the state now (`current`); details.settings likewise each zone
 * setting (present only when one changed).
 */
export const changeConflictDetailsSchema = z.object({
  rrsets: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      expected: rrsetStateSchema,
      current: rrsetStateSchema,
    }),
  ),
  settings: z
    .array(
      z.object({
        field: settingDiffSchema.shape.field,
        expected: settingDiffSchema.shape.after,
        current: settingDiffSchema.shape.after,
      }),
    )
    .optional(),
});

/** The version (ETag) of the record an update or delete was made from; stale: 412 (ADR 0028). */
const ifMatchField = z
  .string({ error: 'if_match must be the record\'s ETag, a string such as "5f0c2a9e81d34b77".' })
  .min(
    1,
    'if_match is empty: send the record\'s ETag, such as "5f0c2a9e81d34b77", or leave it out.',
  )
  .optional()
  .meta({
    description:
      "The record's version (its ETag) before the batch; when the record has changed since, the whole batch is 412 precondition_failed",
  });

/** The batch's operations: create and update take the single-record routes' bodies. */
export const batchOperationSchema = z.discriminatedUnion('op', [
  // Loose: an if_match sent on a create reaches the route, which refuses it with its reason.
  z.looseObject({
    op: z.literal('create'),
    name: z.string(),
    type: z.string(),
    content: z.string(),
    ttl: z.number().optional(),
    disabled: z.boolean().optional(),
    comment: z.string().nullable().optional(),
  }),
  z.object({
    op: z.literal('update'),
    id: z.string(),
    name: z.string(),
    type: z.string(),
    content: z.string(),
    ttl: z.number(),
    disabled: z.boolean().optional(),
    comment: z.string().nullable().optional(),
    if_match: ifMatchField,
  }),
  z.object({ op: z.literal('delete'), id: z.string(), if_match: ifMatchField }),
]);
export type BatchOperation = z.infer<typeof batchOperationSchema>;

export const batchInput = z.object({
  operations: z.array(batchOperationSchema),
  dry_run: z.boolean().optional(),
});
export type BatchInput = z.infer<typeof batchInput>;

/** The batch's answer: what it did, and the records of every RRset it touched as they are now. */
export const batchResponse = envelope(
  appliedChangeSchema.extend({ records: z.array(recordSchema) }),
);
