// Inline error of a view that failed to load: what happened, and Retry.
import { describeError } from '../api/describe-error';
import { Button } from './button';
import { IconAlert, IconRefresh } from './icons';

interface ErrorPanelProps {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorPanel({ error, onRetry, retrying = false }: ErrorPanelProps) {
  const { title, message, requestId } = describeError(error);
  return (
    <div className="callout callout-danger error-panel" role="alert">
      <IconAlert className="callout-icon" width="20" height="20" />
      <div className="callout-body">
        <p className="callout-title">{title}</p>
        <p>{message}</p>
        {requestId && <p className="muted small">Request ID: {requestId}</p>}
        {onRetry && (
          <Button size="sm" onClick={onRetry} busy={retrying} disabled={retrying}>
            <IconRefresh /> Retry
          </Button>
        )}
      </div>
    </div>
  );
}

/** A form-level error (not tied to one field), announced when it appears. */
export function FormAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const { title, message } = describeError(error);
  return (
    <div className="callout callout-danger" role="alert">
      <IconAlert className="callout-icon" width="20" height="20" />
      <div className="callout-body">
        <p className="callout-title">{title}</p>
        <p>{message}</p>
      </div>
    </div>
  );
}
