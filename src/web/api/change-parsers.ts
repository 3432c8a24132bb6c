// Parsers of the change journal's answers: the shared zod schemas. Loaded on demand (changes.ts
// imports it dynamically) so that zod stays out of the pages that never show a change.
import { z } from 'zod';
import {
  appliedChangeSchema,
  changeConflictDetailsSchema,
  changeDetailSchema,
  changeSummarySchema,
} from '../../shared/api/changes';
import { paginationSchema } from '../../shared/api/common';

export const changeListParser = z.object({
  changes: z.array(changeSummarySchema),
  pagination: paginationSchema,
});
export const changeDetailParser = changeDetailSchema;
export const appliedChangeParser = appliedChangeSchema;
export const conflictDetailsParser = changeConflictDetailsSchema;
