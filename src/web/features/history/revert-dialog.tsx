// Revert a change: the dry run's preview first, then the revert on confirm. A conflict (RRsets
// changed since) is explained, with the choice to revert anyway or to leave things as they are.
import { toast } from 'sonner';
import type { ChangeSummary } from '../../../shared/api/changes';
import { isApiError } from '../../api/api-error';
import { useRevertChange, useRevertPreview, type AppliedChange } from '../../api/changes';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { ErrorPanel, FormAlert } from '../../ui/error-panel';
import { formatNumber } from '../../ui/format';
import { Loading, Skeleton } from '../../ui/skeleton';
import { ChangeDiff } from './change-diff';
import { ConflictExplained } from './conflict-explained';

const isFinal = (e: unknown) => isApiError(e) && e.status >= 400 && e.status < 500;

/** "1 added, 2 removed, 1 zone setting": the counts are of records, settings are listed apart. */
function countsText({ counts, settings }: AppliedChange): string {
  const parts = [
    [counts.added, 'added'],
    [counts.changed, 'changed'],
    [counts.removed, 'removed'],
    [settings.length, settings.length === 1 ? 'zone setting' : 'zone settings'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, w]) => `${formatNumber(n)} ${w}`)
    .join(', ');
}

interface RevertDialogProps {
  zoneId: string;
  change: ChangeSummary;
  onClose: () => void;
}

export function RevertDialog({ zoneId, change, onClose }: RevertDialogProps) {
  const preview = useRevertPreview(zoneId, change.id);
  const apply = useRevertChange(zoneId);
  const data = preview.data;
  const nothing = data && !data.preview.rrsets.length && !data.preview.settings.length;

  const confirm = () => {
    if (!data) return;
    apply.mutate(
      { changeId: change.id, force: data.conflict !== null },
      {
        onSuccess: (applied) => {
          toast.success(`Reverted: ${change.summary}`, {
            description: `New change ${applied.change_id ?? ''} · serial ${applied.serial ?? ''}`,
          });
          onClose();
        },
        // The zone moved between the preview and the click: show the new state of things.
        onError: (e) => {
          if (isApiError(e) && e.code === 'change_conflict') void preview.refetch();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Revert this change?"
      description={<>“{change.summary}” is undone by a new change; the history keeps both.</>}
      className="dialog-wide"
    >
      {preview.isPending ? (
        <Loading label="Working out what the revert changes">
          <Skeleton width="100%" height="6rem" />
        </Loading>
      ) : preview.isError ? (
        <ErrorPanel
          error={preview.error}
          // A refusal (a missing scope, a rule the restored state would break) stays one.
          onRetry={isFinal(preview.error) ? undefined : () => void preview.refetch()}
          retrying={preview.isFetching}
        />
      ) : (
        <div className="revert-preview">
          {/* Later edits that already put everything back are not a conflict to warn about. */}
          {data?.conflict && !nothing && <ConflictExplained conflict={data.conflict} />}
          {nothing ? (
            <p>
              {data.conflict
                ? 'Later changes have already put the zone back as it was before this change: there is nothing to revert.'
                : 'The zone already matches the state before this change: there is nothing to revert.'}
            </p>
          ) : (
            <>
              <h3 className="revert-preview-title">
                {data?.conflict ? 'Reverting anyway changes' : 'Reverting changes'}{' '}
                <span className="muted">({data && countsText(data.preview)})</span>
              </h3>
              {data && <ChangeDiff rrsets={data.preview.rrsets} settings={data.preview.settings} />}
            </>
          )}
        </div>
      )}
      {apply.isError && !(isApiError(apply.error) && apply.error.code === 'change_conflict') && (
        <FormAlert error={apply.error} />
      )}
      <div className="form-actions">
        <DialogClose>Cancel</DialogClose>
        {data && !nothing && (
          <Button
            variant={data.conflict ? 'danger' : 'primary'}
            onClick={confirm}
            busy={apply.isPending}
            disabled={apply.isPending || preview.isFetching}
          >
            {data.conflict ? 'Revert anyway' : 'Revert'}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
