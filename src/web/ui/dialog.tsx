// The dialog of the app: Radix Dialog (focus trap, Escape, focus back to the opener) in our frame.
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
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
   * Where focus goes once the dialog has closed, when not back to the button that opened it
   * (which a change made in the dialog may have removed).
   */
  focusAfter?: () => void;
  children: ReactNode;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  focusAfter,
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={cx('dialog', className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={
            focusAfter &&
            ((e) => {
              e.preventDefault();
              focusAfter();
            })
          }
        >
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="btn btn-ghost btn-icon" aria-label="Close">
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
    <RadixDialog.Close className="btn btn-secondary" type="button">
      {children}
    </RadixDialog.Close>
  );
}
