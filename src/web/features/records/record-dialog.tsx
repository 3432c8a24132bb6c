// The record form in a dialog (Radix: focus trap, Escape cancels). On close, focus goes to the
// row that was saved (its id may be new), not back to a button that may be gone.
import type { DnsRecord } from '../../api/records';
import { Dialog, DialogClose } from '../../ui/dialog';
import { clearDraft } from '../../ui/form/use-draft';
import { RecordForm, recordDraftId, type ZoneInfo } from './record-form';
import { TrafficLine, useGuard } from './rrset-traffic';

/** What editing a value may change for the clients that ask for its RRset. */
function EditTraffic({ zoneId, record }: { zoneId: string; record: DnsRecord }) {
  return <TrafficLine guard={useGuard(zoneId, record)} />;
}

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
          <>
            A value in {zone.name}.
            <span className="keyboard-hint"> Enter saves, Escape cancels.</span>
          </>
        )
      }
      className="dialog-wide"
      focusAfter={focusAfter}
    >
      {editing && <EditTraffic zoneId={zone.id} record={editing} />}
      {/* A form per record: what it was opened from is the version its save is made from. */}
      <RecordForm
        key={editing?.id ?? 'new'}
        zone={zone}
        records={records}
        editing={editing}
        onSaved={(r) => onClose(r)}
        cancel={(label) => <DialogClose>{label}</DialogClose>}
      />
    </Dialog>
  );
}
