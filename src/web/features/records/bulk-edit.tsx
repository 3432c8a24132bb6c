// Bulk edits above the records table: "Select all N matching values" (the values the search
// found, not every value of an RRset it found), then, once something is selected, how many and
// Delete / Set TTL / Disable / Enable, each through its preview dialog.
// The toast of an applied edit offers Undo: the revert of the change the batch made, refused (and
// said so, with the way to History) when a record it touched has changed again since.
import { useMemo, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useRevertChange } from '../../api/changes';
import { Button } from '../../ui/button';
import { formatNumber } from '../../ui/format';
import { IconTrash } from '../../ui/icons';
import { BulkDialog } from './bulk-dialog';
import { doneMessage, recordCount, type BulkKind } from './bulk-plan';
import { countMatching, matchingIds, type RRset } from './rrsets';
import { undoFailure } from './undo-failure';

interface BulkEditProps {
  zoneId: string;
  zoneName: string;
  /** Every RRset of the zone: a selection may reach beyond the current search. */
  sets: readonly RRset[];
  /** The RRsets the search and type filter show. */
  shown: readonly RRset[];
  /** The search text: "all matching" takes only the values it finds. */
  query: string;
  /** Whether the search or the type filter narrows the list. */
  filtered: boolean;
  /** The whole zone is loaded ("all matching" means all of them). */
  complete: boolean;
  selection: ReadonlySet<string>;
  onSelectAll: (ids: ReadonlySet<string>) => void;
  onClear: () => void;
}

export function BulkEdit({
  zoneId,
  zoneName,
  sets,
  shown,
  query,
  filtered,
  complete,
  selection,
  onSelectAll,
  onClear,
}: BulkEditProps) {
  const [kind, setKind] = useState<BulkKind | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (k: BulkKind, e: MouseEvent<HTMLElement>) => {
    opener.current = e.currentTarget;
    setKind(k);
  };
  // Back to the button that opened the dialog; once applied, that button is gone with the
  // selection, and the bar takes the focus rather than the page.
  const focusAfter = () => {
    if (opener.current?.isConnected) opener.current.focus();
    else bar.current?.focus();
  };
  const revert = useRevertChange(zoneId);
  const navigate = useNavigate();
  const matching = useMemo(() => countMatching(shown, query), [shown, query]);
  const count = selection.size;

  const undo = (changeId: string, what: string) =>
    revert.mutate(
      { changeId },
      {
        onSuccess: () => toast.success(`Undone: ${what}`),
        onError: async (e) => {
          const failed = await undoFailure(e, what, zoneName);
          toast.error(failed.title, {
            description: failed.description,
            // Changed again since: History shows both and can revert it anyway. The change is
            // opened there and brought into view (its id in the hash, as the watch banner does).
            ...(failed.conflict
              ? {
                  duration: Infinity,
                  action: {
                    label: 'Open History',
                    onClick: () =>
                      void navigate(
                        `/zones/${encodeURIComponent(zoneId)}/history#${encodeURIComponent(changeId)}`,
                      ),
                  },
                }
              : {}),
          });
        },
      },
    );

  const selectAll = (
    <Button
      size="sm"
      variant="ghost"
      disabled={!complete}
      onClick={() => onSelectAll(matchingIds(shown, query))}
    >
      {selectAllLabel(matching, filtered)}
    </Button>
  );

  return (
    <>
      <div
        ref={bar}
        tabIndex={-1}
        className="bulk-bar"
        role="group"
        aria-label="Bulk edit"
        data-active={count > 0 || undefined}
      >
        <span className="bulk-count" aria-live="polite">
          {count > 0 ? `${recordCount(count)} selected` : ''}
        </span>
        {count < matching && selectAll}
        {!complete && <span className="muted">(once every record is loaded)</span>}
        {count > 0 && (
          <>
            <Button size="sm" variant="ghost" onClick={onClear}>
              Clear
            </Button>
            <span className="bulk-actions">
              <Button size="sm" variant="danger" onClick={(e) => open('delete', e)}>
                <IconTrash /> Delete
              </Button>
              <Button size="sm" onClick={(e) => open('ttl', e)}>
                Set TTL
              </Button>
              <Button size="sm" onClick={(e) => open('disable', e)}>
                Disable
              </Button>
              <Button size="sm" onClick={(e) => open('enable', e)}>
                Enable
              </Button>
            </span>
          </>
        )}
      </div>
      {kind && (
        <BulkDialog
          zoneId={zoneId}
          kind={kind}
          sets={sets}
          selection={selection}
          focusAfter={focusAfter}
          onCancel={() => setKind(null)}
          onApplied={(action, plan, result) => {
            setKind(null);
            onClear();
            const message = doneMessage(action, plan.operations.length);
            const changeId = result.change_id;
            toast.success(message, {
              ...(changeId
                ? { action: { label: 'Undo', onClick: () => undo(changeId, message) } }
                : {}),
            });
          }}
        />
      )}
    </>
  );
}

/**
 * "Select all 9 matching values": values (as the toolbar and the RRset checkboxes count), not
 * RRsets, and only those the search found.
 */
function selectAllLabel(n: number, filtered: boolean): string {
  if (n === 1) return filtered ? 'Select the matching value' : 'Select the value';
  return `Select all ${formatNumber(n)} ${filtered ? 'matching values' : 'values'}`;
}
