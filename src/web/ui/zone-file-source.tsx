// Where a zone file comes from: pasted into the text box, picked with "Choose a file…", or dropped
// on the page (the caller passes the dropped file). A file's text replaces the box's.
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Button } from './button';
import { Field } from './field';
import { formatNumber } from './format';
import type { DroppedFile } from './use-file-drop';
import { readZoneFile, type ZoneFileRead } from './zone-file-read';

interface ZoneFileSourceProps {
  value: string;
  onChange: (text: string) => void;
  /** A file dropped on the page: read as if it had been picked. */
  dropped?: DroppedFile | null;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /** What is wrong with the text as a whole (empty, refused by the service). */
  error?: string | undefined;
  hint?: ReactNode;
  label?: string;
  /** Focus the box when it appears (the first field of a dialog opened for it). */
  initialFocus?: boolean;
}

const PLACEHOLDER = '$ORIGIN example.com.\n$TTL 3600\n@    IN MX 10 mail\nwww  IN A  192.0.2.1';

export function ZoneFileSource({
  value,
  onChange,
  dropped,
  textareaRef,
  error,
  hint,
  label = 'Zone file',
  initialFocus = false,
}: ZoneFileSourceProps) {
  const picker = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ name: string; error?: string } | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  const show = useCallback((name: string, read: ZoneFileRead) => {
    if (read.ok) latest.current(read.text);
    // The text in the box stays as it was when the file cannot be read.
    setStatus(read.ok ? { name } : { name, error: read.message });
  }, []);
  const load = (file: File) => void readZoneFile(file).then((read) => show(file.name, read));
  useEffect(() => {
    if (!dropped) return;
    let live = true;
    void readZoneFile(dropped.file).then((read) => live && show(dropped.file.name, read));
    return () => {
      live = false;
    };
  }, [dropped, show]);

  const lineCount = useMemo(() => countLines(value), [value]);
  const large = isLargeText(value);
  return (
    <Field
      label={label}
      error={status?.error ?? error}
      className="zf-source"
      hint={
        <>
          {status && !status.error && `From ${status.name}. `}
          {lineCount > 0 && `${formatNumber(lineCount)} line${lineCount === 1 ? '' : 's'}. `}
          {large &&
            'Too large to edit here: change it in your editor and choose it again (lines with errors can still be left out). '}
          {hint}
        </>
      }
    >
      {(control) => (
        <>
          {large ? (
            // A text area holding megabytes slows every frame of the page, even hidden: the
            // text is kept, and only said.
            <input
              {...control}
              className="input zf-large"
              readOnly
              value={`${status?.name ?? 'Pasted text'}: ${(value.length / 1024 / 1024).toFixed(1)} MB`}
            />
          ) : (
            <textarea
              {...control}
              ref={textareaRef}
              className="input input-mono zf-textarea"
              rows={10}
              wrap="off"
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="off"
              placeholder={PLACEHOLDER}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- only in a dialog opened for it
              autoFocus={initialFocus}
              value={value}
              onChange={(e) => {
                setStatus(null);
                onChange(e.target.value);
              }}
            />
          )}
          <div className="zf-source-actions">
            <Button size="sm" onClick={() => picker.current?.click()}>
              Choose a file…
            </Button>
            {large ? (
              <Button size="sm" variant="ghost" onClick={() => onChange('')}>
                Clear
              </Button>
            ) : (
              <span className="muted small">or paste the text, or drop a file on the page</span>
            )}
            <input
              ref={picker}
              type="file"
              hidden
              tabIndex={-1}
              aria-hidden="true"
              accept=".zone,.txt,.db,.hosts,text/plain,text/dns"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = ''; // the same file picked again is read again
                if (file) load(file);
              }}
            />
          </div>
        </>
      )}
    </Field>
  );
}

/** Beyond this many characters (about 30,000 lines) the text is not put in a text area. */
export const LARGE_TEXT_CHARS = 1_000_000;

export const isLargeText = (text: string) => text.length > LARGE_TEXT_CHARS;

function countLines(text: string): number {
  if (!text) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Selects line `line` (1-based) of the box and scrolls it into view: where an error points. */
export function selectLine(box: HTMLTextAreaElement, line: number) {
  const text = box.value;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next < 0) break;
    start = next + 1;
  }
  const nl = text.indexOf('\n', start);
  const end = nl < 0 ? text.length : nl;
  box.focus();
  box.setSelectionRange(start, end);
  const lineHeight = parseFloat(getComputedStyle(box).lineHeight) || 20;
  box.scrollTop = Math.max(0, (line - 3) * lineHeight);
}
