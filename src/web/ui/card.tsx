// A card of a settings page: a titled section (its heading names it for assistive technology),
// one line on what it is for, then its content.
import { useId, type ReactNode } from 'react';
import { cx } from './cx';

interface SettingsCardProps {
  title: string;
  description: ReactNode;
  /** `danger` for what cannot be undone. */
  tone?: 'danger';
  children: ReactNode;
}

export function SettingsCard({ title, description, tone, children }: SettingsCardProps) {
  const id = useId();
  return (
    <section className={cx('card card-pad', tone && `card-${tone}`)} aria-labelledby={id}>
      <h2 className="card-title" id={id}>
        {title}
      </h2>
      <p className="card-description">{description}</p>
      {children}
    </section>
  );
}

interface HeaderCardProps {
  title: string;
  description?: ReactNode;
  /** Beside the title, such as a Copy all button. */
  action?: ReactNode;
  children: ReactNode;
}

/** A card whose header holds a title, one line on what it is for, and an optional action. */
export function HeaderCard({ title, description, action, children }: HeaderCardProps) {
  const id = useId();
  const heading = (
    <h2 className="card-title" id={id}>
      {title}
    </h2>
  );
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-header">
        {description === undefined ? (
          heading
        ) : (
          <div>
            {heading}
            <p className="card-description">{description}</p>
          </div>
        )}
        {action}
      </div>
      {children}
    </section>
  );
}
