// Asks before deleting: one value, or (for an RRset with several) every value of the RRset.
import { Dialog as RadixDialog } from 'radix-ui';
import type { DnsRecord } from '../../api/records';
import { Button } from '../../ui/button';
import { IconTrash, IconX } from '../../ui/icons';
import type { RRset } from './rrsets';

interface DeleteRecordDialogProps {
  record: DnsRecord;
  set: RRset;
  onDeleteValue: () => void;
  onDeleteRRset: () => void;
  onCancel: () => void;
  focusAfter: () => void;
}

export function DeleteRecordDialog({
  record,
  set,
  onDeleteValue,
  onDeleteRRset,
  onCancel,
  focusAfter,
}: DeleteRecordDialogProps) {
  const n = set.values.length;
  const label = `${set.relative} ${set.type}`;
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="dialog"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            focusAfter();
          }}
        >
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">
              {n > 1 ? `Delete from ${label}?` : `Delete the ${label} record?`}
            </RadixDialog.Title>
            <RadixDialog.Close className="btn btn-ghost btn-icon" aria-label="Close">
              <IconX />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="dialog-description">
            {n > 1
              ? `${label} has ${n} values. Delete only this one, or the whole RRset.`
              : 'It stops being served at once. This cannot be undone.'}
          </RadixDialog.Description>
          <p className="delete-value mono">{record.content}</p>
          <div className="form-actions">
            <RadixDialog.Close className="btn btn-secondary" type="button">
              Cancel
            </RadixDialog.Close>
            {n > 1 && (
              <Button variant="danger" onClick={onDeleteRRset}>
                <IconTrash /> Delete all {n} values
              </Button>
            )}
            <Button variant="danger" onClick={onDeleteValue}>
              <IconTrash /> {n > 1 ? 'Delete this value' : 'Delete record'}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
