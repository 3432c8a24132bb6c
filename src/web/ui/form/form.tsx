// A form of the dashboard: checked by its own fields (the browser's checks are off so that the
// errors show beside each field), with the error no field owns above them.
import type { FormEventHandler, ReactNode } from 'react';
import { cx } from '../cx';
import { FormAlert } from '../error-panel';

interface FormProps {
  /** `form.handleSubmit(...)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What failed that no field owns (a missing scope, the network); null when nothing did. */
  error: unknown;
  className?: string;
  children: ReactNode;
}

export function Form({ onSubmit, error, className, children }: FormProps) {
  return (
    <form className={cx('form', className)} onSubmit={onSubmit} noValidate>
      <FormAlert error={error} />
      {children}
    </form>
  );
}
