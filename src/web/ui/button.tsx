import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

/** `danger-outline`: a destructive choice beside the main one, drawn outlined so it is not mistaken for it. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-outline';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Shows a spinner and marks the button busy; it stays focusable. */
  busy?: boolean;
}

/** Class names of a button, for links that look like one. */
export function buttonClass(variant: ButtonVariant = 'secondary', size: 'sm' | 'md' = 'md') {
  return cx('btn', `btn-${variant}`, size === 'sm' && 'btn-sm');
}

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClass(variant, size), className)}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
