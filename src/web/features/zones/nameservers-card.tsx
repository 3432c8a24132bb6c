import { HeaderCard } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';

/** The nameservers to enter at the registrar, each with a Copy button. */
export function NameserversCard({ nameservers }: { nameservers: string[] }) {
  return (
    <HeaderCard
      title="Nameservers"
      description="Enter these at your domain’s registrar so that the zone answers for it."
      action={
        nameservers.length > 1 && (
          <CopyButton value={nameservers.join('\n')} label="all nameservers" text="Copy all" />
        )
      }
    >
      {nameservers.length ? (
        <ul className="ns-list">
          {nameservers.map((ns) => (
            <li key={ns} className="ns-item">
              <code className="ns-name">{ns}</code>
              <CopyButton value={ns} label={`nameserver ${ns}`} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="card-pad muted">The service reported no nameservers for this zone.</p>
      )}
    </HeaderCard>
  );
}
