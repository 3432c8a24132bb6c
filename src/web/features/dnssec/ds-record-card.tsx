// One DS record as registrars ask for it: whole, as a zone-file line, and field by field, each
// with its own Copy button (forms differ: one text box, or four fields with drop-downs).
import { useRef, type ReactNode } from 'react';
import {
  algorithmName,
  digestTypeName,
  dsZoneFileLine,
  formatDs,
  parseDs,
} from '../../../shared/dns/dnssec-names';
import { Badge } from '../../ui/badge';
import { CopyAction, CopyText } from '../../ui/copy-text';

function FieldRow(props: { term: string; value: string; hint?: ReactNode; copyLabel: string }) {
  const ref = useRef<HTMLElement>(null);
  return (
    <div className="ds-field">
      <dt>{props.term}</dt>
      <dd>
        <span className="ds-field-value">
          <code ref={ref}>{props.value}</code>
          {props.hint && <span className="ds-field-hint">{props.hint}</span>}
        </span>
        <CopyAction value={props.value} label={props.copyLabel} target={ref} iconOnly />
      </dd>
    </div>
  );
}

export function DsRecordCard({ zoneName, record }: { zoneName: string; record: string }) {
  const parsed = parseDs(record);
  if (!parsed.ok) {
    // Not split: still copyable as the service gave it.
    return (
      <section className="card card-pad ds-card" aria-label="DS record">
        <h3 className="card-title">DS record</h3>
        <CopyText value={record} label="DS record" text="Copy DS" />
        <p className="small muted">This record could not be split into fields: {parsed.message}</p>
      </section>
    );
  }
  const ds = parsed.value;
  const digestName = digestTypeName(ds.digestType) ?? `digest type ${ds.digestType}`;
  const algName = algorithmName(ds.algorithm);
  const titleId = `ds-${ds.keyTag}-${ds.digestType}`;
  return (
    <section className="card ds-card" aria-labelledby={titleId}>
      <div className="card-header">
        <h3 className="card-title" id={titleId}>
          DS record · <span className="nowrap">{digestName}</span>
        </h3>
        {ds.digestType === 2 && <Badge tone="success">Recommended</Badge>}
      </div>
      <div className="ds-card-body">
        <div className="ds-block">
          <p className="ds-block-label">Whole record, as most registrars take it</p>
          <CopyText
            className="copy-text-box"
            value={formatDs(ds)}
            label={`DS record (${digestName})`}
            text="Copy DS"
          />
        </div>
        <div className="ds-block">
          <p className="ds-block-label">Zone-file line</p>
          <CopyText
            className="copy-text-box"
            value={dsZoneFileLine(zoneName, ds)}
            label={`zone-file line (${digestName})`}
            text="Copy line"
          />
        </div>
        <dl className="ds-fields" aria-label="Field by field">
          <FieldRow
            term="Key tag"
            value={String(ds.keyTag)}
            copyLabel={`key tag (${digestName})`}
          />
          <FieldRow
            term="Algorithm"
            value={String(ds.algorithm)}
            hint={algName ?? 'unknown algorithm'}
            copyLabel={`algorithm number (${digestName})`}
          />
          <FieldRow
            term="Digest type"
            value={String(ds.digestType)}
            hint={digestTypeName(ds.digestType) ?? 'unknown digest type'}
            copyLabel={`digest type number (${digestName})`}
          />
          <FieldRow term="Digest" value={ds.digest} copyLabel={`${digestName} digest`} />
        </dl>
      </div>
    </section>
  );
}
