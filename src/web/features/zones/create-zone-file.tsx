// "Start from a zone file" in the create form: the file's text (pasted or picked), the zone name
// read from it, and the file's errors by line when the service refuses it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportError } from '../../api/zone-import';
import { fileLines } from '../../ui/zone-file-read';
import { ZoneFileErrors } from '../../ui/zone-file-errors';
import { isLargeText, selectLine, ZoneFileSource } from '../../ui/zone-file-source';
import { formatNumber } from '../../ui/format';

/** The errors of a refused file, with the lines of the text that was sent. */
export interface RefusedFile {
  errors: ImportError[];
  lines: string[];
}

export const refusedFile = (errors: ImportError[], text: string): RefusedFile => ({
  errors,
  lines: fileLines(text),
});

interface CreateZoneFileProps {
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  text: string;
  onText: (text: string) => void;
  error: string | undefined;
  refused: RefusedFile | null;
  /** The zone the file names (SOA owner or $ORIGIN), once read. */
  onZoneName: (name: string) => void;
}

const DETECT_DELAY_MS = 250;

export function CreateZoneFile({
  enabled,
  onEnabled,
  text,
  onText,
  error,
  refused,
  onZoneName,
}: CreateZoneFileProps) {
  const [found, setFound] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const goToLine = useCallback((line: number) => {
    if (textarea.current) selectLine(textarea.current, line);
  }, []);
  // Submit is at the foot of the form: the refusal, at its head, is brought into view.
  useEffect(() => {
    if (refused) alert.current?.scrollIntoView({ block: 'nearest' });
  }, [refused]);
  useEffect(() => {
    if (!enabled || !text.trim()) return;
    let live = true;
    const t = setTimeout(() => {
      // The parser loads with the first file, not with the form.
      void import('./create-zone-origin').then(({ zoneNameOfFile }) => {
        const name = live ? zoneNameOfFile(text) : null;
        if (!live) return;
        setFound(name);
        if (name) onZoneName(name);
      });
    }, DETECT_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [enabled, text, onZoneName]);

  return (
    <div className="create-zone-file">
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(e) => onEnabled(e.target.checked)} />
        <span>
          Start from a zone file
          <span className="checkbox-hint">
            Its records are imported into the new zone (SOA and apex NS stay the service’s own).
          </span>
        </span>
      </label>
      {enabled && (
        <>
          <ZoneFileSource
            textareaRef={textarea}
            value={text}
            onChange={onText}
            error={error}
            hint={found && text.trim() ? `It is the zone file of ${found}.` : undefined}
          />
          {refused && (
            <div className="create-zone-file-errors" role="alert" ref={alert}>
              <p className="callout callout-danger">
                {refused.errors.length === 1
                  ? `The zone was not created: line ${formatNumber(refused.errors[0]!.line)} of the file has an error. Fix it above and create again.`
                  : `The zone was not created: ${formatNumber(refused.errors.length)} lines of the file have errors. Fix them above and create again.`}
              </p>
              <ZoneFileErrors
                errors={refused.errors}
                lines={refused.lines}
                onGoToLine={isLargeText(text) ? undefined : goToLine}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
