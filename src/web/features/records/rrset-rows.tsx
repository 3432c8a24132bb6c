// One RRset of the records table: name, type, TTL and comment once for the set, then a row per
// value with its content, an inline on/off switch, Edit, Duplicate and Delete, and checkboxes that
// select the RRset or a value for bulk edits. Memoised: an RRset re-renders only when it or its
// part of the selection changes.
import { memo, type Ref } from 'react';
import { PENDING_PREFIX, type DnsRecord } from '../../api/records';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { DnsName } from '../../ui/dns-name';
import { formatNumber, formatTtl } from '../../ui/format';
import { IconDuplicate, IconEdit, IconTrash } from '../../ui/icons';
import type { RrsetTraffic } from '../../api/rrset-usage';
import type { RRset } from './rrsets';
import { TrafficCells } from './traffic-cells';
import { SelectBox } from './select-box';
import type { SelectHandler } from './use-selection';

export interface RowActions {
  onSelect: SelectHandler;
  onEdit: (record: DnsRecord) => void;
  /** A new record filled in from this one: to give its value another name. */
  onDuplicate: (record: DnsRecord) => void;
  onToggle: (record: DnsRecord, set: RRset) => void;
  onDelete: (record: DnsRecord, set: RRset) => void;
}

/** The switch's tooltip: a disabled zone serves nothing, whatever the record's own state. */
function switchTitle(off: boolean, zoneDisabled: boolean) {
  if (zoneDisabled) {
    return off
      ? 'Zone disabled: not served. This value stays off when the zone is enabled. Click to turn it on.'
      : 'Zone disabled: not served. This value is served once the zone is enabled. Click to turn it off.';
  }
  return off ? 'Disabled: not served. Click to enable.' : 'Served. Click to disable.';
}

const clip = (s: string, n = 48) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

interface RRsetRowsProps extends RowActions {
  set: RRset;
  /** The id of a value to mark (just saved), when it is in this set. */
  highlightId: string | null;
  /** Per value, "1" when selected (see selectionMask); "" when none is. */
  selected: string;
  /** Per value, "1" while a write to it is under way (the same mask); "" when none is. */
  busy: string;
  /** The RRset's queries of the table's days; undefined while not known. */
  traffic: RrsetTraffic | undefined;
  trafficAt: number;
  /** Its place in the list, for the virtualiser's measuring. */
  index: number;
  /** The zone is disabled: no value is served, whatever its switch says. */
  zoneDisabled: boolean;
  ref: Ref<HTMLTableSectionElement>;
}

export const RRsetRows = memo(function RRsetRows({
  set,
  highlightId,
  selected,
  busy,
  index,
  ref,
  zoneDisabled,
  traffic,
  trafficAt,
  onSelect,
  onEdit,
  onDuplicate,
  onToggle,
  onDelete,
}: RRsetRowsProps) {
  const n = set.values.length;
  const chosen = selected.split('1').length - 1;
  const setLabel = `${set.relative} ${set.type}`;
  return (
    <tbody
      ref={ref}
      data-index={index}
      className={cx('rrset', chosen === n && 'rrset-selected')}
      data-rrset={`${set.relative} ${set.type}`}
    >
      {set.values.map((r, i) => {
        const pending = r.id.startsWith(PENDING_PREFIX);
        // A write to it is under way: the switch waits for it, focusable and said to be busy.
        const saving = busy[i] === '1';
        const what = `${set.relative} ${set.type} ${clip(r.content)}`;
        return (
          <tr
            key={r.id}
            data-record-id={r.id}
            className={cx(
              r.disabled && 'row-disabled',
              r.id === highlightId && 'row-highlight',
              selected[i] === '1' && 'row-selected',
            )}
          >
            {i === 0 && (
              <>
                <th scope="rowgroup" rowSpan={n} className="cell-name" data-label="Name">
                  <SelectBox
                    label={n > 1 ? `Select all ${n} values of ${setLabel}` : `Select ${what}`}
                    checked={chosen === n ? true : chosen > 0 ? 'mixed' : false}
                    onSelect={(on, extend) => onSelect({ set, id: null }, on, extend)}
                  />
                  <span className="rec-name" title={set.name}>
                    <DnsName name={set.relative} />
                  </span>
                </th>
                <td rowSpan={n} className="cell-type" data-label="Type">
                  <span className="type-tag">{set.type}</span>
                </td>
              </>
            )}
            <td className="cell-content" data-label="Content">
              {n > 1 && (
                <SelectBox
                  label={`Select ${what}`}
                  checked={selected[i] === '1'}
                  onSelect={(on, extend) => onSelect({ set, id: r.id }, on, extend)}
                />
              )}
              <span className="rec-content">{r.content}</span>
              {r.disabled && <Badge tone="warning">Disabled</Badge>}
              {pending && <Badge tone="accent">Saving…</Badge>}
            </td>
            {i === 0 && (
              <>
                <td rowSpan={n} className="cell-ttl" data-label="TTL">
                  <span title={`${formatNumber(set.ttl)} seconds`}>
                    {formatTtl(set.ttl, 'short')}
                  </span>
                </td>
                <td
                  rowSpan={n}
                  className={cx('cell-comment', !set.comment && 'cell-empty')}
                  data-label="Comment"
                >
                  {set.comment ? (
                    <span className="rec-comment">{set.comment}</span>
                  ) : (
                    <span className="muted" aria-label="No comment">
                      –
                    </span>
                  )}
                </td>
                <TrafficCells rowSpan={n} traffic={traffic} at={trafficAt} />
              </>
            )}
            <td className="cell-actions">
              <span className="row-actions">
                <button
                  type="button"
                  role="switch"
                  className={cx('switch', zoneDisabled && 'switch-zone-off')}
                  aria-checked={!r.disabled}
                  aria-label={
                    zoneDisabled ? `Zone disabled, not served: ${what}` : `Served: ${what}`
                  }
                  title={saving ? 'Saving…' : switchTitle(r.disabled, zoneDisabled)}
                  disabled={pending}
                  aria-busy={saving || undefined}
                  aria-disabled={saving || undefined}
                  onClick={() => {
                    if (!saving) onToggle(r, set);
                  }}
                >
                  <span className="switch-thumb" aria-hidden="true" />
                </button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Edit ${what}`}
                  className="btn-edit"
                  disabled={pending}
                  onClick={() => onEdit(r)}
                >
                  <IconEdit />
                  <span className="hide-narrow">Edit</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="btn-icon btn-duplicate"
                  aria-label={`Duplicate ${what}`}
                  title="Duplicate: a new record with this value, to save under another name"
                  disabled={pending}
                  onClick={() => onDuplicate(r)}
                >
                  <IconDuplicate />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="btn-icon btn-delete"
                  aria-label={`Delete ${what}`}
                  disabled={pending}
                  onClick={() => onDelete(r, set)}
                >
                  <IconTrash />
                </Button>
              </span>
            </td>
          </tr>
        );
      })}
    </tbody>
  );
});
