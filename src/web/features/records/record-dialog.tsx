// The record form in a dialog (Radix: focus trap, Escape cancels). On close, focus goes to the
// row that was saved (its id may be new), not back to a button that may be gone. A new record may
// start as a copy of another (Duplicate): the way to move a value to another name. An edit of a
// value whose last write is still on its way (its switch just flipped) starts once it is saved.
import { useState } from 'react';
import { relativeName } from '../../../shared/dns/names';
import type { DnsRecord } from '../../api/records';
import { Dialog, DialogClose } from '../../ui/dialog';
import { clearDraft } from '../../ui/form/use-draft';
import { RecordForm } from './record-form';
import { recordDraftId, type ZoneInfo } from './record-form-values';
import { TrafficLine, useGuard } from './rrset-traffic';
import { useAfterWrites, WaitingForWrite } from './use-after-writes';

/** What editing a value may change for the clients that ask for its RRset. */
function EditTraffic({ zoneId, record }: { zoneId: string; record: DnsRecord }) {
  return <TrafficLine guard={useGuard(zoneId, record)} />;
}

interface RecordDialogProps {
  zone: ZoneInfo;
  records: readonly DnsRecord[];
  editing: DnsRecord | null;
  /** A new record starts as a copy of this one (Duplicate). */
  source?: DnsRecord | null;
  /** Called with the saved record, or null when cancelled. */
  onClose: (saved: DnsRecord | null) => void;
  /** Where focus goes once the dialog is gone. */
  focusAfter: () => void;
}

export function RecordDialog({
  zone,
  records,
  editing,
  source = null,
  onClose,
  focusAfter,
}: RecordDialogProps) {
  const title = editing ? `Edit ${editing.type} record` : 'New record';
  const copyOf = editing ? null : source;
  // The form's values and the version its save sends are the record's as stored, not a write's
  // that may still be refused.
  const ready = useAfterWrites(zone.id, editing ? [editing.id] : [], true) !== null;
  // Opened while waiting: the form comes in place of the focused Cancel, so it takes the focus.
  const [waited] = useState(() => !ready);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (open) return;
        clearDraft(recordDraftId(zone.id, editing?.id ?? null, copyOf?.id)); // closed on purpose
        onClose(null);
      }}
      title={title}
      description={
        editing ? (
          <>
            <span className="mono">{editing.name}</span> in {zone.name}
          </>
        ) : copyOf ? (
          <>
            A copy of{' '}
            <span className="mono">
              {relativeName(copyOf.name, zone.name)} {copyOf.type}
            </span>
            : give it its name and save. To move the value, delete the original afterwards.
            <span className="keyboard-hint"> Enter saves, Escape cancels.</span>
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
      {ready ? (
        <RecordForm
          key={editing?.id ?? `new:${copyOf?.id ?? ''}`}
          zone={zone}
          records={records}
          editing={editing}
          source={copyOf}
          focusFirst={waited}
          onSaved={(r) => onClose(r)}
          cancel={(label) => <DialogClose>{label}</DialogClose>}
        />
      ) : (
        <div className="form">
          <WaitingForWrite>
            Saving this value’s last change first, so that your edit starts from the value as saved…
          </WaitingForWrite>
          <div className="form-actions">
            <DialogClose>Cancel</DialogClose>
          </div>
        </div>
      )}
    </Dialog>
  );
}
