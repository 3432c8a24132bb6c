// The record form in a dialog (Radix: focus trap, Escape cancels). On close, focus goes to the
// row that was saved (its id may be new), not back to a button that may be gone.
import { Dialog as RadixDialog } from 'radix-ui';
import type { DnsRecord } from '../../api/records';
import { clearDraft } from '../../ui/form/use-draft';
import { IconX } from '../../ui/icons';
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
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (open) return;
        clearDraft(recordDraftId(zone.id, editing?.id ?? null)); // closed on purpose
        onClose(null);
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="dialog dialog-wide"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            focusAfter();
          }}
        >
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="btn btn-ghost btn-icon" aria-label="Close">
              <IconX />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="dialog-description">
            {editing ? (
              <>
                <span className="mono">{editing.name}</span> in {zone.name}
              </>
            ) : (
              <>A value in {zone.name}. Enter saves, Escape cancels.</>
            )}
          </RadixDialog.Description>
          <RecordForm
            zone={zone}
            records={records}
            editing={editing}
            onSaved={(r) => onClose(r)}
            cancel={
              <RadixDialog.Close className="btn btn-secondary" type="button">
                Cancel
              </RadixDialog.Close>
            }
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
