import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  /** 1 when the empty state is the whole page (Not found); 2, a section of one, by default. */
  level?: 1 | 2;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, level = 2, children, action, icon }: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="empty-state">
      {icon && <div className="empty-state-icon">{icon}</div>}
      <Heading className="empty-state-title">{title}</Heading>
      {children && <div className="empty-state-text">{children}</div>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
