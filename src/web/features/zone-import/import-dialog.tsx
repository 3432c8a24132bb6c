// "Import zone file": the text (pasted, picked or dropped), merge or replace, Preview (the dry
// run), then the preview and Apply. A failed request leaves everything typed in place.
import { useCallback, useEffect, useId, useRef } from 'react';
import { zoneFileErrorsOf, type ImportResult } from '../../api/zone-import';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { ErrorPanel, FormAlert } from '../../ui/error-panel';
import type { DroppedFile } from '../../ui/use-file-drop';
import { isLargeText, selectLine, ZoneFileSource } from '../../ui/zone-file-source';
import { ImportPreview } from './import-preview';
import { ModeField } from './mode-field';
import { useImportFlow } from './use-import-flow';

interface ImportDialogProps {
  zoneId: string;
  zoneName: string;
  dropped: DroppedFile | null;
  onClose: () => void;
  onApplied: (result: ImportResult) => void;
}

export function ImportDialog({ zoneId, zoneName, dropped, onClose, onApplied }: ImportDialogProps) {
  const flow = useImportFlow(zoneId, zoneName);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const blockedId = useId();
  const goToLine = useCallback((line: number) => {
    if (textarea.current) selectLine(textarea.current, line);
  }, []);
  // Once a preview is drawn, it takes the focus: it is read out, and the keyboard goes on from there.
  const wantFocus = useRef(false);
  const focusPreview = () => {
    wantFocus.current = true;
  };
  const { previewed, stale, blocked } = flow;
  useEffect(() => {
    if (!previewed || !wantFocus.current) return;
    wantFocus.current = false;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start' });
  }, [previewed]);
  const fresh = previewed !== null && !stale;
  const refusedFile = zoneFileErrorsOf(flow.applyError) !== null;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !flow.applying && onClose()}
      title="Import zone file"
      description={
        <>
          Into <span className="mono">{zoneName}</span>. Nothing changes until you apply; the import
          is one change, undone in one click.
        </>
      }
      className="dialog-import"
    >
      <ZoneFileSource
        value={flow.text}
        onChange={flow.setText}
        dropped={dropped}
        textareaRef={textarea}
        error={flow.textError}
        initialFocus
      />
      <ModeField mode={flow.mode} onMode={flow.setMode} />
      <div className="import-preview-action">
        <Button
          variant={fresh ? 'secondary' : 'primary'}
          busy={flow.previewing}
          disabled={flow.previewing}
          onClick={() => flow.runPreview(focusPreview)}
        >
          {flow.previewing ? 'Previewing…' : previewed ? 'Preview again' : 'Preview'}
        </Button>
      </div>
      {flow.previewError !== null && (
        <ErrorPanel error={flow.previewError} onRetry={() => flow.runPreview(focusPreview)} />
      )}
      {previewed && (
        <ImportPreview
          result={previewed.result}
          lines={previewed.lines}
          zoneName={zoneName}
          stale={stale}
          headingRef={heading}
          onGoToLine={isLargeText(flow.text) ? undefined : goToLine}
          leaveOut={flow.leaveOut}
          onLeaveOut={flow.setLeaveOut}
          needsConfirm={flow.needsConfirm}
          largeDelete={flow.largeDelete}
          confirmName={flow.confirmName}
          onConfirmName={flow.setConfirmName}
        />
      )}
      <div className="import-actions">
        {flow.applyError !== null &&
          (refusedFile ? (
            <p className="callout callout-danger" role="alert">
              The service refused the file: the lines with errors are listed above. Fix them and
              preview again, or leave them out. Nothing was changed.
            </p>
          ) : (
            <FormAlert error={flow.applyError} />
          ))}
        {blocked && (
          <p className="import-blocked muted small" id={blockedId}>
            {blocked}
          </p>
        )}
        <div className="form-actions">
          <DialogClose>Cancel</DialogClose>
          <Button
            variant={flow.needsConfirm ? 'danger' : 'primary'}
            disabled={blocked !== null || flow.applying}
            busy={flow.applying}
            aria-describedby={blocked ? blockedId : undefined}
            onClick={() => flow.runApply(onApplied)}
          >
            {flow.applying ? 'Applying…' : 'Apply import'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
