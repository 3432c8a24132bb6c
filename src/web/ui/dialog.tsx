// The dialog of the app: Radix Dialog (focus trap, Escape, focus back to the opener) in our frame.
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { IconX } from './icons';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="dialog"
          {...(description ? {} : { 'aria-describedby': undefined })}
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
