// Asks before deleting: one value, or (for an RRset with several) every value of the RRset. Shows
// the RRset's recent traffic, and one more confirmation when it is in use (rrset-traffic.tsx).
import { useId, useState } from 'react';
import type { DnsRecord } from '../../api/records';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { IconTrash } from '../../ui/icons';
import { ConfirmInUse, TrafficLine, useGuard } from './rrset-traffic';
import type { RRset } from './rrsets';

interface DeleteRecordDialogProps {
  zoneId: string;
  record: DnsRecord;
  set: RRset;
  onDeleteValue: () => void;
  onDeleteRRset: () => void;
  onCancel: () => void;
  focusAfter: () => void;
}

export function DeleteRecordDialog({
  zoneId,
  record,
  set,
  onDeleteValue,
  onDeleteRRset,
  onCancel,
  focusAfter,
}: DeleteRecordDialogProps) {
  const n = set.values.length;
  const label = `${set.relative} ${set.type}`;
  const guard = useGuard(zoneId, set);
  const [confirmed, setConfirmed] = useState(false);
  const trafficId = useId();
  const blocked = !guard.settled || (guard.needed && !confirmed);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={n > 1 ? `Delete from ${label}?` : `Delete the ${label} record?`}
      // A delete is a change like any other: History reverts it in one click.
      description={
        n > 1
          ? `${label} has ${n} values. Delete only this one, or the whole RRset. You can revert either from History.`
          : 'It stops being served at once; you can revert it from History.'
      }
      focusAfter={focusAfter}
    >
      <p className="delete-value mono">{record.content}</p>
      <TrafficLine guard={guard} id={trafficId} />
      {guard.needed && (
        <ConfirmInUse
          label={label}
          checked={confirmed}
          onChange={setConfirmed}
          describedBy={trafficId}
        />
      )}
      {/* The value is what was asked for: its delete is the main button, beside Cancel; the whole
          RRset's is a lesser, outlined one set apart on the other side. */}
      <div className="form-actions delete-actions">
        {n > 1 && (
          <Button
            variant="danger-outline"
            className="delete-all"
            disabled={blocked}
            onClick={onDeleteRRset}
          >
            <IconTrash /> Delete all {n} values
          </Button>
        )}
        <DialogClose>Cancel</DialogClose>
        <Button variant="danger" disabled={blocked} onClick={onDeleteValue}>
          <IconTrash /> {n > 1 ? 'Delete this value' : 'Delete record'}
        </Button>
      </div>
    </Dialog>
  );
}
