// Asks before deleting: one value, or (for an RRset with several) every value of the RRset.
import type { DnsRecord } from '../../api/records';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { IconTrash } from '../../ui/icons';
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
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={n > 1 ? `Delete from ${label}?` : `Delete the ${label} record?`}
      description={
        n > 1
          ? `${label} has ${n} values. Delete only this one, or the whole RRset.`
          : 'It stops being served at once. This cannot be undone.'
      }
      focusAfter={focusAfter}
    >
      <p className="delete-value mono">{record.content}</p>
      <div className="form-actions">
        <DialogClose>Cancel</DialogClose>
        {n > 1 && (
          <Button variant="danger" onClick={onDeleteRRset}>
            <IconTrash /> Delete all {n} values
          </Button>
        )}
        <Button variant="danger" onClick={onDeleteValue}>
          <IconTrash /> {n > 1 ? 'Delete this value' : 'Delete record'}
        </Button>
      </div>
    </Dialog>
  );
}
