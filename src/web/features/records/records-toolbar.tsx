// Search (names, values, comments), type filter and sort above the records table.
import { useId, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { RECORD_TYPES } from '../../../shared/dns/records';
import { buttonClass } from '../../ui/button';
import { SearchBox } from '../../ui/search-box';
import { ExportZoneButton } from './export-zone-button';
import type { SortKey } from './rrsets';
import { TABLE_DAYS, UNUSED_DAYS } from './traffic';

interface RecordsToolbarProps {
  searchRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (q: string) => void;
  type: string;
  onType: (t: string) => void;
  counts: Map<string, number>;
  sort: SortKey;
  onSort: (s: SortKey) => void;
  /** "Not queried in N days", or null. */
  unused: number | null;
  onUnused: (days: number | null) => void;
  summary: string;
  action: ReactNode;
  /** The zone, for the export button (the import opens at ./import). */
  zone: { id: string; name: string };
}

export function RecordsToolbar({
  searchRef,
  query,
  onQuery,
  type,
  onType,
  counts,
  sort,
  onSort,
  unused,
  onUnused,
  summary,
  action,
  zone,
}: RecordsToolbarProps) {
  // The import opens over this page (a route of its own), keeping the search and filters.
  const { search } = useLocation();
  // On a phone the three choices fold behind one button, so the first records are in view; the
  // button says how many are not at their default. On a wider screen they are always shown.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const active = [type !== '', sort !== 'name', unused !== null].filter(Boolean).length;
  return (
    <div className="toolbar records-toolbar">
      <SearchBox
        inputRef={searchRef}
        label="Search"
        placeholder="Name, value, comment"
        value={query}
        onChange={onQuery}
      />
      <button
        type="button"
        className={`${buttonClass()} toolbar-filters-toggle`}
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        Filters and sort
        {active > 0 && <span className="toolbar-filters-count"> ({active} set)</span>}
      </button>
      <div id={filtersId} className="toolbar-filters" data-open={filtersOpen}>
        <label className="toolbar-select">
          <span className="search-label">Type</span>
          <select className="select" value={type} onChange={(e) => onType(e.target.value)}>
            <option value="">All types</option>
            {RECORD_TYPES.filter((t) => counts.has(t) || t === type).map((t) => (
              <option key={t} value={t}>
                {t} ({counts.get(t) ?? 0})
              </option>
            ))}
          </select>
        </label>
        <label className="toolbar-select">
          <span className="search-label">Sort</span>
          <select
            className="select"
            value={sort}
            onChange={(e) => onSort(e.target.value as SortKey)}
          >
            <option value="name">By name (DNS order)</option>
            <option value="type">By type</option>
            <option value="queries">Most queried ({TABLE_DAYS} d)</option>
            <option value="last">Least recently queried</option>
          </select>
        </label>
        <label className="toolbar-select">
          <span className="search-label">Traffic</span>
          <select
            className="select"
            value={unused ?? ''}
            onChange={(e) => onUnused(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Any traffic</option>
            {UNUSED_DAYS.map((d) => (
              <option key={d} value={d}>
                Not queried in {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <span className="toolbar-summary muted" aria-live="polite">
        {summary}
      </span>
      <span className="toolbar-action">
        <Link className={buttonClass()} to={{ pathname: 'import', search }}>
          Import zone file
        </Link>
        <ExportZoneButton zoneId={zone.id} zoneName={zone.name} />
        {action}
      </span>
    </div>
  );
}
