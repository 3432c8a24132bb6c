// The record form in a dialog (Radix: focus trap, Escape cancels). On close, focus goes to the
// row that was saved (its id may be new), not back to a button that may be gone.
import type { DnsRecord } from '../../api/records';
import { Dialog, DialogClose } from '../../ui/dialog';
import { clearDraft } from '../../ui/form/use-draft';
import { RecordForm, recordDraftId, type ZoneInfo } from './record-form';

interface RecordDialogProps {
  zone: ZoneInfo;
  records: readonly DnsRecord[];
  editing: DnsRecord | null;
  /** Called with the saved record, or null when cancelled. */
  onClose: (saved: DnsRecord | null) => void;
  /** Where focus goes once the dialog is gone. */
  focusAfter: () => void;
}

export function RecordDialog({ zone, records, editing, onClose, focusAfter }: RecordDialogProps) {
  const title = editing ? `Edit ${editing.type} record` : 'New record';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (open) return;
        clearDraft(recordDraftId(zone.id, editing?.id ?? null)); // closed on purpose
        onClose(null);
      }}
      title={title}
      description={
        editing ? (
          <>
            <span className="mono">{editing.name}</span> in {zone.name}
          </>
        ) : (
          <>A value in {zone.name}. Enter saves, Escape cancels.</>
        )
      }
      className="dialog-wide"
      focusAfter={focusAfter}
    >
      <RecordForm
        zone={zone}
        records={records}
        editing={editing}
        onSaved={(r) => onClose(r)}
        cancel={<DialogClose>Cancel</DialogClose>}
      />
    </Dialog>
  );
}
