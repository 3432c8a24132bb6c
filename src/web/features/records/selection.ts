// Which records are selected for a bulk edit: a set of record ids, so that a selection survives
// scrolling, searching and the rows being drawn or not, and "all matching" in a 100,000-record
// zone is one Set. Ranges (shift-click, Shift+Space) run over the values in the table's order.
import type { RRset } from './rrsets';

/** Where a value sits in the table: its RRset's index in the shown list, then its own. */
interface Place {
  set: number;
  value: number;
}

function placeOf(sets: readonly RRset[], id: string): Place | null {
  for (let i = 0; i < sets.length; i++) {
    const j = sets[i]!.values.findIndex((v) => v.id === id);
    if (j >= 0) return { set: i, value: j };
  }
  return null;
}

const before = (a: Place, b: Place) => a.set < b.set || (a.set === b.set && a.value < b.value);

/**
 * The ids from the anchor to the target, both included, in table order. The target is a value,
 * or a whole RRset (its checkbox): then the range takes all of it. With no anchor in the list,
 * the target alone.
 */
export function rangeIds(
  sets: readonly RRset[],
  anchorId: string | null,
  target: { set: RRset; id: string | null },
): string[] {
  const whole = target.id === null;
  const targetIds = whole ? target.set.values.map((v) => v.id) : [target.id!];
  const anchor = anchorId === null ? null : placeOf(sets, anchorId);
  const setIndex = sets.findIndex((s) => s.key === target.set.key);
  if (!anchor || setIndex < 0) return targetIds;
  const last = target.set.values.length - 1;
  const valueIndex = whole ? 0 : target.set.values.findIndex((v) => v.id === target.id);
  let from: Place = { set: setIndex, value: valueIndex };
  let to: Place = { set: setIndex, value: whole ? last : valueIndex };
  if (before(anchor, from)) from = anchor;
  else if (before(to, anchor)) to = anchor;
  const ids: string[] = [];
  for (let i = from.set; i <= to.set; i++) {
    const values = sets[i]!.values;
    const start = i === from.set ? from.value : 0;
    const end = i === to.set ? to.value : values.length - 1;
    for (let j = start; j <= end; j++) ids.push(values[j]!.id);
  }
  return ids;
}

/** `selection` with `ids` added (on) or removed; the same Set when nothing changes. */
export function withIds(
  selection: ReadonlySet<string>,
  ids: readonly string[],
  on: boolean,
): ReadonlySet<string> {
  if (ids.every((id) => selection.has(id) === on)) return selection;
  const next = new Set(selection);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The ids each list holds, built once per list (a 100,000-record zone: tens of ms). */
const idsByList = new WeakMap<readonly RRset[], Set<string>>();

/**
 * `selection` without the ids `sets` no longer holds; the same Set when it holds them all. Costs
 * the size of the selection once the list's ids are known, not the size of the zone per click.
 */
export function retainIn(
  selection: ReadonlySet<string>,
  sets: readonly RRset[],
): ReadonlySet<string> {
  if (selection.size === 0) return selection;
  let ids = idsByList.get(sets);
  if (!ids) {
    ids = allIds(sets);
    idsByList.set(sets, ids);
  }
  let kept: Set<string> | null = null;
  for (const id of selection) {
    if (ids.has(id)) kept?.add(id);
    else kept ??= new Set([...selection].filter((x) => ids.has(x)));
  }
  return kept ?? selection;
}

/** Every value id of the RRsets. */
export function allIds(sets: readonly RRset[]): Set<string> {
  const ids = new Set<string>();
  for (const s of sets) for (const v of s.values) ids.add(v.id);
  return ids;
}

/** Per value of the RRset, selected ("1") or not ("0"): a string, so memoised rows compare it cheaply. */
export function selectionMask(set: RRset, selection: ReadonlySet<string>): string {
  if (selection.size === 0) return '';
  let mask = '';
  let any = false;
  for (const v of set.values) {
    const on = selection.has(v.id);
    any ||= on;
    mask += on ? '1' : '0';
  }
  return any ? mask : '';
}
