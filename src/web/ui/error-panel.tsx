// Errors shown inline: a view that failed to load (what happened, and Retry), and a form's error
// that no field owns.
import type { ReactNode } from 'react';
import { describeError } from '../api/describe-error';
import { Button } from './button';
import { cx } from './cx';
import { IconAlert, IconRefresh } from './icons';

/** What went wrong in words, announced when it appears; `children` follow the message. */
function ErrorCallout({
  error,
  className,
  children,
}: {
  error: unknown;
  className?: string;
  children?: ReactNode;
}) {
  const { title, message } = describeError(error);
  return (
    <div className={cx('callout callout-danger', className)} role="alert">
      <IconAlert className="callout-icon" width="20" height="20" />
      <div className="callout-body">
        <p className="callout-title">{title}</p>
        <p>{message}</p>
        {children}
      </div>
    </div>
  );
}

interface ErrorPanelProps {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorPanel({ error, onRetry, retrying = false }: ErrorPanelProps) {
  const { requestId } = describeError(error);
  return (
    <ErrorCallout error={error} className="error-panel">
      {requestId && <p className="muted small">Request ID: {requestId}</p>}
      {onRetry && (
        <Button size="sm" onClick={onRetry} busy={retrying} disabled={retrying}>
          <IconRefresh /> Retry
        </Button>
      )}
    </ErrorCallout>
  );
}

/** A form-level error (not tied to one field). */
export function FormAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return <ErrorCallout error={error} />;
}
