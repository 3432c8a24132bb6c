// The lines of a zone file an import, or a zone made from the file, leaves out and why (SOA and
// apex NS, DNSSEC, other types, other zones).
import { useCallback } from 'react';
import type { ImportSkipped } from '../../shared/api/zone-file';
import { formatNumber } from './format';
import { VirtualList } from './virtual-list';

export function SkippedList({ skipped }: { skipped: readonly ImportSkipped[] }) {
  const estimate = useCallback((s: ImportSkipped) => (s.message.length > 90 ? 48 : 28), []);
  const key = useCallback((s: ImportSkipped, i: number) => `${s.line}:${i}`, []);
  const render = useCallback(
    (s: ImportSkipped) => (
      <div className="iskip">
        <span className="zf-line">Line {formatNumber(s.line)}</span>
        {s.type && <span className="idiff-type">{s.type}</span>}
        <span className="iskip-message">{s.message}</span>
      </div>
    ),
    [],
  );
  return (
    <VirtualList
      items={skipped}
      label="Skipped lines"
      estimate={estimate}
      itemKey={key}
      render={render}
      className="iskip-list"
    />
  );
}
