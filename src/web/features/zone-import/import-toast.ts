// The toast of an applied import, with Undo: the revert of the one change the import made. The
// dialog is gone by then, so Undo runs through the query client, not a component's hook.
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { revertChangeOptions } from '../../api/changes';
import { describeError } from '../../api/describe-error';
import type { ImportResult } from '../../api/zone-import';
import { formatNumber } from '../../ui/format';

export function importedMessage(result: ImportResult): string {
  const { added, changed, removed } = result.rrset_counts;
  return `Imported: ${formatNumber(added)} added, ${formatNumber(changed)} changed, ${formatNumber(removed)} removed`;
}

export function announceImport(qc: QueryClient, zoneId: string, result: ImportResult) {
  const changeId = result.change_id;
  if (!changeId) {
    toast.info('Nothing to change: the zone already holds what the file says.');
    return;
  }
  const message = importedMessage(result);
  const undo = () =>
    new MutationObserver(qc, revertChangeOptions(qc, zoneId)).mutate({ changeId }).then(
      () => toast.success(`Undone: ${message}`),
      (e: unknown) =>
        toast.error(`Could not undo: ${message}`, { description: describeError(e).message }),
    );
  toast.success(message, { action: { label: 'Undo', onClick: () => void undo() } });
}
