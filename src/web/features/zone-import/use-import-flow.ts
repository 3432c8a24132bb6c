// The import dialog's state: the text and mode as typed, the preview and what it was made of,
// the user's choices (leave out the erroneous lines, the zone's name typed to confirm), and why
// Apply cannot run yet. Nothing typed is ever dropped on a failed request.
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import {
  useImportApply,
  useImportPreview,
  zoneFileErrorsOf,
  type ImportMode,
  type ImportResult,
} from '../../api/zone-import';
import { formatNumber } from '../../ui/format';
import { fileLines } from '../../ui/zone-file-read';
import { loadImportDraft, useImportDraft } from './import-draft';

export interface Previewed {
  text: string;
  mode: ImportMode;
  result: ImportResult;
  /** The previewed text's lines: what the errors' line numbers point into. */
  lines: string[];
}

const bare = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');
const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

export function useImportFlow(zoneId: string, zoneName: string) {
  const [draft] = useState(() => loadImportDraft(zoneId));
  const [text, setText] = useState(draft.text);
  const [mode, setMode] = useState<ImportMode>(draft.mode);
  useImportDraft(zoneId, { text, mode });
  const [textError, setTextError] = useState<string | undefined>();
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [leaveOut, setLeaveOut] = useState(false);
  const [confirmName, setConfirmName] = useState('');
  const [applyError, setApplyError] = useState<unknown>(null);
  const preview = useImportPreview(zoneId);
  const apply = useImportApply(zoneId);

  const runPreview = (onDone?: () => void) => {
    if (!text.trim()) {
      setTextError('Paste the text of a zone file, or choose or drop a file, then preview.');
      return;
    }
    setTextError(undefined);
    setApplyError(null);
    const sent = { text, mode };
    preview.mutate(
      { zoneFile: sent.text, mode: sent.mode },
      {
        onSuccess: (result) => {
          // "Leave out the lines with errors" is kept: it applies to the new preview's errors
          // (the lines sent as excluded are read from them at Apply).
          setPreviewed({ ...sent, result, lines: fileLines(sent.text) });
          onDone?.();
        },
      },
    );
  };

  const stale = previewed !== null && (previewed.text !== text || previewed.mode !== mode);
  const errors = previewed?.result.errors ?? [];
  const counts = previewed?.result.rrset_counts;
  const nothing = counts ? counts.added + counts.changed + counts.removed === 0 : false;
  const refusedLarge = isApiError(applyError) && applyError.code === 'large_delete_unconfirmed';
  const needsConfirm =
    !stale && (previewed?.result.large_delete.confirmation_required === true || refusedLarge);
  const confirmed = !needsConfirm || bare(confirmName) === bare(zoneName);
  /** What the removal is: the 409's own figures when the zone changed since the preview. */
  const largeDelete = (() => {
    const own = previewed?.result.large_delete ?? { removed: 0, total: 0 };
    if (!refusedLarge) return { removed: own.removed, total: own.total };
    const { removed, total } = applyError.details;
    return typeof removed === 'number' && typeof total === 'number'
      ? { removed, total }
      : { removed: own.removed, total: own.total };
  })();

  /** Why Apply is not possible now, in words; null when it is. */
  let blocked: string | null = null;
  if (!previewed) blocked = 'Preview the import first: nothing changes until you apply.';
  else if (stale) blocked = 'The text or the mode changed since the preview: preview again.';
  else if (errors.length > 0 && !leaveOut)
    blocked =
      errors.length === 1
        ? 'Fix the line with an error and preview again, or leave it out.'
        : `Fix the ${plural(errors.length, 'line')} with errors and preview again, or leave them out.`;
  else if (!confirmed) blocked = `Type ${bare(zoneName)} to confirm the removal.`;
  else if (nothing) blocked = 'Nothing to change: the zone already holds what the file says.';

  const runApply = (onApplied: (result: ImportResult) => void) => {
    if (blocked || !previewed) return;
    setApplyError(null);
    apply.mutate(
      {
        zoneFile: previewed.text,
        mode: previewed.mode,
        excludeLines: leaveOut ? errors.map((e) => e.line) : [],
        confirmLargeDelete: needsConfirm && confirmed,
      },
      {
        onSuccess: onApplied,
        onError: (e) => {
          setApplyError(e);
          // The errors the service still finds replace the preview's: the user sees them by line.
          const found = zoneFileErrorsOf(e);
          if (found && found.length > 0) {
            setPreviewed({ ...previewed, result: { ...previewed.result, errors: found } });
            setLeaveOut(false);
          }
        },
      },
    );
  };

  return {
    text,
    setText: (t: string) => {
      setText(t);
      if (t.trim()) setTextError(undefined);
    },
    mode,
    setMode,
    textError,
    previewed,
    stale,
    previewing: preview.isPending,
    previewError: preview.error,
    runPreview,
    leaveOut,
    setLeaveOut,
    needsConfirm,
    largeDelete,
    confirmName,
    setConfirmName,
    blocked,
    applying: apply.isPending,
    applyError,
    runApply,
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
