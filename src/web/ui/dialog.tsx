// The dialog of the app: Radix Dialog (focus trap, Escape, focus back to the opener) in our frame.
import { Dialog as RadixDialog } from 'radix-ui';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { IconX } from './icons';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Added to the frame's class (`dialog-wide`). */
  className?: string;
  /**
   * Where focus goes once the dialog has closed, when not back to the element that had it when
   * the dialog opened (which a change made in the dialog may have removed).
   */
  focusAfter?: () => void;
  children: ReactNode;
}

/**
 * The element that had the focus when the dialog opened. Radix gives focus back to a
 * `Dialog.Trigger` only, and our dialogs are opened by state (often the URL's), so the opener is
 * noted here. A dialog that opens with the page (its state in the URL, after a reload or a
 * sign-in) has none: the focus was on nothing.
 */
function useOpener(open: boolean): HTMLElement | null {
  const [noted, setNoted] = useState(() => ({ open, element: open ? focused() : null }));
  // Read while rendering the change to open, before a field of the dialog takes the focus
  // (autoFocus acts as the dialog is mounted, before any effect could look).
  if (noted.open !== open) setNoted({ open, element: open ? focused() : noted.element });
  return noted.element;
}

function focused(): HTMLElement | null {
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

/**
 * Back to the opener while it is still on the page; else (it went with a change made in the
 * dialog, or there was none) to the page's main content, so that the keyboard goes on from the
 * page rather than from the top of the document.
 */
function restoreFocus(opener: HTMLElement | null) {
  if (opener?.isConnected) {
    opener.focus();
    return;
  }
  document.querySelector<HTMLElement>('main[tabindex]')?.focus({ preventScroll: true });
}

/**
 * Cancel and Close do not take the focus when pressed. Leaving a field validates it (forms check
 * a field once touched), its error grows the centred dialog and moves the button from under the
 * pointer before the click lands: the click was lost, and an untouched field left to cancel
 * complained for nothing. The keyboard still reaches them with Tab.
 */
const keepFocus = (e: MouseEvent) => e.preventDefault();

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  focusAfter,
  children,
}: DialogProps) {
  const opener = useOpener(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={cx('dialog', className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (focusAfter) focusAfter();
            else restoreFocus(opener);
          }}
        >
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="btn btn-ghost btn-icon"
              aria-label="Close"
              onMouseDown={keepFocus}
            >
              <IconX />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="dialog-description">
              {description}
            </RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button that closes the enclosing dialog (Cancel). */
export function DialogClose({ children }: { children: ReactNode }) {
  return (
    <RadixDialog.Close className="btn btn-secondary" type="button" onMouseDown={keepFocus}>
      {children}
    </RadixDialog.Close>
  );
}
