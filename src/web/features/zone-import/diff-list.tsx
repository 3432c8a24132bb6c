// The RRset diff of an import, virtualised: a 100,000-RRset preview scrolls as smoothly as ten.
// Each change says what it is in a sign and a word, not only in a colour.
import { useCallback, useMemo, useState } from 'react';
import type { RRsetDiff } from '../../../shared/api/changes';
import { formatNumber, formatTtl } from '../../ui/format';
import { VirtualList } from '../../ui/virtual-list';
import { diffKind, diffRow, type DiffKind, type ValueMark } from './diff-rows';

const KIND_SIGN: Record<DiffKind, string> = { added: '+', removed: '−', changed: '~' };
const KIND_WORD: Record<DiffKind, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
};
const VALUE_SIGN: Record<ValueMark, string> = { added: '+', removed: '−', kept: ' ' };

const ttl = (s: number) => formatTtl(s, 'short');

function Ttl({ before, after }: { before: number | null; after: number | null }) {
  if (before !== null && after !== null && before !== after) {
    return (
      <span className="idiff-ttl idiff-ttl-changed">
        TTL {ttl(before)} → {ttl(after)}
      </span>
    );
  }
  const value = after ?? before;
  return value === null ? null : <span className="idiff-ttl">TTL {ttl(value)}</span>;
}

function DiffItem({ diff, zone }: { diff: RRsetDiff; zone: string }) {
  const row = diffRow(diff, zone);
  return (
    <div className={`idiff idiff-${row.kind}`}>
      <div className="idiff-head">
        <span className="idiff-sign" aria-hidden="true">
          {KIND_SIGN[row.kind]}
        </span>
        <span className="idiff-kind">{KIND_WORD[row.kind]}</span>
        <span className="mono idiff-name">{row.name}</span>
        <span className="idiff-type">{row.type}</span>
        <Ttl before={row.ttlBefore} after={row.ttlAfter} />
      </div>
      <ul className="idiff-values">
        {row.values.map((v) => (
          <li key={v.content} className={`idiff-value idiff-value-${v.mark}`}>
            <span className="idiff-sign" aria-hidden="true">
              {VALUE_SIGN[v.mark]}
            </span>
            {v.mark !== 'kept' && row.kind === 'changed' && (
              <span className="sr-only">{v.mark}: </span>
            )}
            <span className="mono idiff-content">{v.content}</span>
            {v.disabled && <span className="idiff-note">disabled</span>}
            {v.toggled && (
              <span className="idiff-note">{v.disabled ? 'now disabled' : 'now enabled'}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

type Filter = DiffKind | '';

export function DiffList({ rrsets, zone }: { rrsets: readonly RRsetDiff[]; zone: string }) {
  const [filter, setFilter] = useState<Filter>('');
  const counts = useMemo(() => {
    const c: Record<DiffKind, number> = { added: 0, changed: 0, removed: 0 };
    for (const d of rrsets) c[diffKind(d)]++;
    return c;
  }, [rrsets]);
  const shown = useMemo(
    () => (filter ? rrsets.filter((d) => diffKind(d) === filter) : rrsets),
    [rrsets, filter],
  );
  const estimate = useCallback((d: RRsetDiff) => {
    const values = Math.max(d.before?.values.length ?? 0, d.after?.values.length ?? 0);
    // Exact for names and values that fit on one line (see .vlist-item): nothing moves once drawn.
    return 17 + 20 * (1 + values);
  }, []);
  const key = useCallback((d: RRsetDiff) => `${d.name} ${d.type}`, []);
  const render = useCallback((d: RRsetDiff) => <DiffItem diff={d} zone={zone} />, [zone]);
  return (
    <>
      <label className="toolbar-select idiff-filter">
        <span className="search-label">Show</span>
        <select
          className="select select-sm"
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
        >
          <option value="">All {formatNumber(rrsets.length)} RRsets</option>
          {(['added', 'changed', 'removed'] as const).map((k) => (
            <option key={k} value={k} disabled={counts[k] === 0}>
              {KIND_WORD[k]} ({formatNumber(counts[k])})
            </option>
          ))}
        </select>
      </label>
      <VirtualList
        items={shown}
        label="RRsets that change"
        estimate={estimate}
        itemKey={key}
        render={render}
        className="idiff-list"
      />
    </>
  );
}
