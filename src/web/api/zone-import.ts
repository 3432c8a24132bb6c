// Zone-file import: the dry run (the preview) and the apply, the one change an import makes read
// back into the records list, the zone and its history; and the errors a refused file carries.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  importResultSchema,
  zoneFileInvalidDetailsSchema,
  type ImportError,
  type ImportMode,
  type ImportResult,
} from '../../shared/api/zone-file';
import { isApiError } from './api-error';
import { changeKeys } from './changes';
import { apiRequest } from './client';
import { recordKeys, recordWriteKey } from './record-keys';
import type { RecordList } from './record-list';
import { zoneKeys } from './zones';

export type { ImportError, ImportMode, ImportResult };

/** What the dialog asks for: the file as typed, how to apply it, and what the user agreed to. */
export interface ImportRequest {
  zoneFile: string;
  mode: ImportMode;
  /** Lines left out (the erroneous ones the user chose not to fix). */
  excludeLines?: readonly number[];
  confirmLargeDelete?: boolean;
}

export const importPath = (zoneId: string) => `/v1/zones/${encodeURIComponent(zoneId)}/import`;

export function sendImport(
  zoneId: string,
  request: ImportRequest,
  dryRun: boolean,
  signal?: AbortSignal,
): Promise<ImportResult> {
  const { zoneFile, mode, excludeLines = [], confirmLargeDelete = false } = request;
  return apiRequest(importPath(zoneId), {
    method: 'POST',
    body: {
      zone_file: zoneFile,
      mode,
      dry_run: dryRun,
      ...(excludeLines.length > 0 ? { exclude_lines: [...excludeLines] } : {}),
      ...(confirmLargeDelete ? { confirm_large_delete: true } : {}),
    },
    schema: importResultSchema,
    signal,
  });
}

/** The dry run: the whole diff, nothing written. A mutation, not a query: it is asked for by a click. */
export function useImportPreview(zoneId: string) {
  return useMutation({
    mutationFn: (request: ImportRequest) => sendImport(zoneId, request, true),
  });
}

/**
 * After an import, what it touched is read again. Unlike a batch, the answer carries no records,
 * so the list is read again even when large: an import may have changed any of its RRsets.
 */
export async function settleImport(qc: QueryClient, zoneId: string) {
  if (qc.isMutating({ mutationKey: recordWriteKey(zoneId) }) > 1) return;
  await Promise.all([
    qc.invalidateQueries({ queryKey: recordKeys.list(zoneId) }),
    qc.invalidateQueries({ queryKey: zoneKeys.detail(zoneId) }),
    qc.invalidateQueries({ queryKey: changeKeys.lists(zoneId) }),
  ]);
}

/** Applies the file as one change of the journal (its change_id is what Undo reverts). */
export function useImportApply(zoneId: string) {
  const qc = useQueryClient();
  const key = recordKeys.list(zoneId);
  return useMutation({
    // A record write: it queues with the records page's own writes.
    mutationKey: recordWriteKey(zoneId),
    mutationFn: (request: ImportRequest) => sendImport(zoneId, request, false),
    // A whole list being read now would land with the zone as it was before the import.
    onMutate: async () => {
      if (qc.getQueryData<RecordList>(key)?.complete) await qc.cancelQueries({ queryKey: key });
    },
    onSettled: () => settleImport(qc, zoneId),
  });
}

/** The errors by line of a 400 zone_file_invalid (import or zone creation); null for any other error. */
export function zoneFileErrorsOf(error: unknown): ImportError[] | null {
  if (!isApiError(error) || error.code !== 'zone_file_invalid') return null;
  const parsed = zoneFileInvalidDetailsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.errors : [];
}
