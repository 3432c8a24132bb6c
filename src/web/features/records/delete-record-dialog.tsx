// Asks before deleting: one value, or (for an RRset with several) every value of the RRset. Shows
// the RRset's recent traffic, and one more confirmation when it is in use (rrset-traffic.tsx).
// Stays open until the service answers: when the value (or RRset) changed since the list was
// read, nothing is deleted and the dialog shows what is stored now, with "Delete anyway". Opened
// while a write to the RRset is on its way (a switch just flipped), it deletes once that is saved.
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { isRecordGone, staleWriteOf } from '../../api/record-conflict';
import { useRecordChange, type DnsRecord, type RecordChange } from '../../api/records';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { IconTrash } from '../../ui/icons';
import { DeleteConflictNotice, refusalDescription } from './record-conflict';
import { ConfirmInUse, TrafficLine, useGuard } from './rrset-traffic';
import type { RRset } from './rrsets';
import { useAfterWrites, WaitingForWrite } from './use-after-writes';

interface DeleteRecordDialogProps {
  zoneId: string;
  /** The value and its RRset as the list holds them now (kept as they are once writes settle). */
  record: DnsRecord;
  set: RRset;
  /** The user confirmed a delete (of the whole RRset when `all`): where focus lands after. */
  onDeleting: (all: boolean) => void;
  /** Closed; `kept` is the record still there (a refused delete), where focus goes back. */
  onClose: (kept: DnsRecord | null) => void;
  focusAfter: () => void;
}

/** What a refused delete found stored now: deleting again is made from that version. */
interface Stale {
  all: boolean;
  now: DnsRecord[];
  version: string;
}

export function DeleteRecordDialog({
  zoneId,
  record: listed,
  set: listedSet,
  onDeleting,
  onClose,
  focusAfter,
}: DeleteRecordDialogProps) {
  // A delete is made from the values as stored: while a write to one of them is on its way (the
  // table shows it before the service has it), the dialog waits, then keeps them as saved.
  const saved = useAfterWrites(
    zoneId,
    listedSet.values.map((v) => v.id),
    { record: listed, set: listedSet },
  );
  const { record, set } = saved ?? { record: listed, set: listedSet };
  const n = set.values.length;
  const label = `${set.relative} ${set.type}`;
  const guard = useGuard(zoneId, set);
  const [confirmed, setConfirmed] = useState(false);
  const trafficId = useId();
  const { mutate, isPending } = useRecordChange(zoneId);
  const [stale, setStale] = useState<Stale | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (stale) notice.current?.focus();
  }, [stale]);
  const blocked = !saved || !guard.settled || (guard.needed && !confirmed) || isPending;

  const remove = (all: boolean) => {
    onDeleting(all);
    const values = stale?.all ? stale.now : set.values;
    const current = (!stale?.all && stale?.now[0]) || record;
    const change: RecordChange = all
      ? { kind: 'delete-rrset', name: set.name, type: set.type, values, version: stale?.version }
      : { kind: 'delete', current, version: stale?.version };
    const what = all ? label : `${label} ${current.content}`;
    mutate(change, {
      onSuccess: () => {
        toast.success(
          all
            ? `Deleted all ${values.length} values of ${label}`
            : `Deleted ${label} ${current.content}`,
        );
        onClose(null);
      },
      onError: (e) => {
        const s = staleWriteOf(e);
        if (s && s.records.length > 0) {
          setStale({ all, now: s.records, version: s.version });
          return;
        }
        if (isRecordGone(e)) {
          toast.info(`${what} no longer exists`, { description: refusalDescription(e) });
          onClose(null);
          return;
        }
        toast.error(`Could not delete ${what}`, { description: refusalDescription(e) });
        onClose(current);
      },
    });
  };

  const now = stale?.now ?? [];
  return (
    <Dialog
      open
      // A delete under way finishes in the dialog: its answer may be a conflict to show here.
      onOpenChange={(open) => !open && !isPending && onClose(stale ? (now[0] ?? null) : null)}
      title={n > 1 ? `Delete from ${label}?` : `Delete the ${label} record?`}
      // A delete is a change like any other: History reverts it in one click.
      description={
        n > 1
          ? `${label} has ${n} values. Delete only this one, or the whole RRset. You can revert either from History.`
          : 'It stops being served at once; you can revert it from History.'
      }
      focusAfter={focusAfter}
    >
      {stale ? (
        <DeleteConflictNotice
          ref={notice}
          before={stale.all ? set.values : [record]}
          now={now}
          whole={stale.all}
          label={label}
        />
      ) : (
        <p className="delete-value mono">{record.content}</p>
      )}
      {!saved && (
        <WaitingForWrite>
          Saving this value’s last change first; it can be deleted once that is saved…
        </WaitingForWrite>
      )}
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
          RRset's is a lesser, outlined one set apart on the other side. After a refusal, only
          the refused delete is offered again. */}
      <div className="form-actions delete-actions">
        {n > 1 && !stale && (
          <Button
            variant="danger-outline"
            className="delete-all"
            disabled={blocked}
            onClick={() => remove(true)}
          >
            <IconTrash /> Delete all {n} values
          </Button>
        )}
        <DialogClose>Cancel</DialogClose>
        <Button
          variant="danger"
          disabled={blocked}
          busy={isPending || !saved}
          onClick={() => remove(stale?.all ?? false)}
        >
          <IconTrash /> {buttonLabel(n, stale)}
        </Button>
      </div>
    </Dialog>
  );
}

function buttonLabel(n: number, stale: Stale | null): string {
  if (stale?.all) return `Delete all ${stale.now.length} values anyway`;
  if (stale) return 'Delete anyway';
  return n > 1 ? 'Delete this value' : 'Delete record';
}
