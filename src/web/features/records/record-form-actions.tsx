// The record form's buttons: Cancel (Close when the record is gone), "Use theirs" after a
// conflict, and the save, whose words say what it will do.
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import type { EditConflict } from './use-edit-conflict';

interface RecordFormActionsProps {
  /** The button that closes the form unsaved, with this label. */
  cancel: (label: string) => ReactNode;
  conflict: EditConflict | null;
  editing: boolean;
  pending: boolean;
  onUseTheirs: () => void;
}

export function RecordFormActions({
  cancel,
  conflict,
  editing,
  pending,
  onUseTheirs,
}: RecordFormActionsProps) {
  return (
    <div className="form-actions">
      {cancel(conflict?.kind === 'gone' ? 'Close' : 'Cancel')}
      {conflict?.kind === 'stale' && (
        <Button onClick={onUseTheirs} disabled={pending}>
          Use theirs
        </Button>
      )}
      <Button
        type="submit"
        variant={conflict?.kind === 'stale' ? 'danger' : 'primary'}
        busy={pending}
        disabled={pending}
      >
        {submitLabel(pending, editing, conflict?.kind)}
      </Button>
    </div>
  );
}

function submitLabel(busy: boolean, editing: boolean, conflict: 'stale' | 'gone' | undefined) {
  if (conflict === 'gone') return busy ? 'Creating…' : 'Create it again';
  if (busy) return 'Saving…';
  if (conflict === 'stale') return 'Save mine anyway';
  return editing ? 'Save changes' : 'Create record';
}
