// Copy for values people paste elsewhere (DS records, keys, commands): the button says "Copied"
// for a moment and a live region announces it; where the browser refuses the clipboard, the
// shown text is selected instead, so that Ctrl+C / ⌘C finishes the job by hand.
import { Fragment, useEffect, useRef, useState, type RefObject } from 'react';
import { Button, type ButtonVariant } from './button';
import { cx } from './cx';
import { IconCheck, IconCopy } from './icons';
import { writeClipboard } from './clipboard';

function selectContents(el: HTMLElement | null) {
  const selection = window.getSelection();
  if (!el || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(el);
  selection.removeAllRanges();
  selection.addRange(range);
}

type CopyState = 'idle' | 'copied' | 'refused';

interface CopyActionProps {
  value: string;
  /** What is copied, for the accessible name: "DS record (SHA-256)" → "Copy DS record (SHA-256)". */
  label: string;
  /** Visible text; "Copy" unless given. */
  text?: string;
  /** Where `value` is shown: selected when the clipboard is refused. */
  target: RefObject<HTMLElement | null>;
  /** Only the icon is visible (the accessible name stays). */
  iconOnly?: boolean;
  variant?: ButtonVariant;
}

export function CopyAction({
  value,
  label,
  text = 'Copy',
  target,
  iconOnly = false,
  variant = 'ghost',
}: CopyActionProps) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);

  const copy = async () => {
    try {
      await writeClipboard(value);
      setState('copied');
    } catch {
      selectContents(target.current);
      setState('refused');
    }
  };
  const announcement =
    state === 'copied'
      ? `Copied ${label}`
      : state === 'refused'
        ? `The browser did not allow copying. The ${label} is selected: press Ctrl+C or ⌘C to copy it.`
        : '';
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        className={cx('copy-action', iconOnly && 'copy-action-icon')}
        onClick={() => void copy()}
        aria-label={`Copy ${label}`}
        data-state={state}
      >
        {state === 'copied' ? <IconCheck /> : <IconCopy />}
        {!iconOnly && <span aria-hidden="true">{state === 'copied' ? 'Copied' : text}</span>}
      </Button>
      <span className="sr-only" role="status">
        {announcement}
      </span>
      {state === 'refused' && (
        <span className="copy-refused" aria-hidden="true">
          Selected: press Ctrl+C
        </span>
      )}
    </>
  );
}

interface CopyTextProps {
  value: string;
  label: string;
  /** Visible text of the button. */
  text?: string;
  iconOnly?: boolean;
  className?: string;
  /**
   * A command: it wraps only between its words, each kept whole on its line (a name such as
   * my-zone.example would otherwise break at its hyphen on a phone, and read as two words).
   */
  command?: boolean;
}

/** A value in monospace with its Copy button beside it. */
export function CopyText({ value, label, text, iconOnly, className, command }: CopyTextProps) {
  const ref = useRef<HTMLElement>(null);
  return (
    <div className={cx('copy-text', command && 'copy-text-command', className)}>
      <code ref={ref} className="copy-text-value">
        {command
          ? value.split(' ').map((word, i) => (
              <Fragment key={i}>
                {i > 0 && ' '}
                <span className="copy-text-word">{word}</span>
              </Fragment>
            ))
          : value}
      </code>
      <CopyAction value={value} label={label} text={text} iconOnly={iconOnly} target={ref} />
    </div>
  );
}
