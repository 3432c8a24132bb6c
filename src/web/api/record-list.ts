// A zone's records as the dashboard holds them: RRsets (name + type) kept sorted in zone-file
// order, built page by page while the pages stream in and changed one RRset at a time by writes.
//
// Every RRset carries, computed once when it is built, the string its place is sorted by and the
// lower-case text the search box looks in. Sorting and finding are then plain string comparisons
// (a binary search to find, a linear merge to add a page), so a 100,000-record zone costs a few
// milliseconds per page and per write, never one long sort of everything. A list is never
// changed in place: a write's rollback can put the previous one back.
import { relativeName } from '../../shared/dns/names';
import type { DnsRecord } from '../../shared/api/records';

export interface RRset {
  /** Unique in the zone, and the order of the list: name order (see `nameOrderKey`), then type. */
  key: string;
  /** Absolute, with the trailing dot, as the API gives it. */
  name: string;
  /** "@", "www": what the table shows. */
  relative: string;
  type: string;
  ttl: number;
  comment: string | null;
  /** Sorted by content. */
  values: readonly DnsRecord[];
  /** Lower-case name, contents and comment: what the search box looks in. */
  haystack: string;
}

export interface RecordList {
  zoneName: string;
  /** In name order. */
  sets: readonly RRset[];
  /** Records held (values over all RRsets). */
  count: number;
  /** Records in the zone, as the API last said. */
  total: number;
  /** Every page has been read. */
  complete: boolean;
}

export const emptyRecordList = (zoneName = ''): RecordList => ({
  zoneName,
  sets: [],
  count: 0,
  total: 0,
  complete: false,
});

const LABEL_SEPARATOR = '\u0001';
const SEPARATOR = '\u0000';

/**
 * A string whose plain comparison orders names like a zone file: the apex first, then label by
 * label from the right, a shorter name before the names below it, and runs of digits by their
 * value ("host2" before "host10"). A digit run becomes "0", a character for its length, and the
 * digits without leading zeros: "0" keeps it among the digits against any other character, and
 * the length character decides between two runs before their digits do.
 */
export function nameOrderKey(relative: string): string {
  if (relative === '@') return '';
  const labels = relative.toLowerCase().split('.');
  let key = '';
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i]!;
    if (i < labels.length - 1) key += LABEL_SEPARATOR;
    key += HAS_DIGIT.test(label) ? label.replace(DIGIT_RUNS, encodeDigitRun) : label;
  }
  return key;
}

const HAS_DIGIT = /\d/;
const DIGIT_RUNS = /\d+/g;

function encodeDigitRun(run: string): string {
  let zeros = 0;
  while (zeros < run.length - 1 && run.charCodeAt(zeros) === 0x30) zeros++;
  const digits = run.slice(zeros);
  return `0${String.fromCharCode(0x21 + Math.min(digits.length, 0xff))}${digits}`;
}

/**
 * The RRset's key: the name's order key, then the name itself (names the order key makes equal,
 * "web01" and "web1", stay apart, in a fixed order), then the type. The separator sorts below
 * every character, so a name still comes before the names below it.
 */
export const rrsetKey = (relative: string, type: string) =>
  `${nameOrderKey(relative)}${SEPARATOR}${relative.toLowerCase()}${SEPARATOR}${type}`;

/** The key of the RRset `r` belongs to. */
export const keyOf = (zoneName: string, r: { name: string; type: string }) =>
  rrsetKey(relativeName(r.name, zoneName), r.type);

const byContent = (a: DnsRecord, b: DnsRecord) =>
  a.content < b.content ? -1 : a.content > b.content ? 1 : 0;

/** The RRset of `values` (one name and type, at least one value), its TTL and comment the first's. */
export function makeRRset(zoneName: string, values: readonly DnsRecord[]): RRset {
  const first = values[0]!;
  const relative = relativeName(first.name, zoneName);
  const sorted = [...values].sort(byContent);
  let haystack = `${relative}\n${first.name}\n${first.comment ?? ''}`.toLowerCase();
  for (const v of sorted) haystack += `\n${v.content.toLowerCase()}`;
  return {
    key: rrsetKey(relative, first.type),
    name: first.name,
    relative,
    type: first.type,
    ttl: first.ttl,
    comment: first.comment,
    values: sorted,
    haystack,
  };
}

/** Where `key` is in `sets`, or where it would go: `found` says which. */
export function locate(sets: readonly RRset[], key: string): { index: number; found: boolean } {
  let lo = 0;
  let hi = sets.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sets[mid]!.key < key) lo = mid + 1;
    else hi = mid;
  }
  return { index: lo, found: lo < sets.length && sets[lo]!.key === key };
}

const byKey = (a: RRset, b: RRset) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** One RRset of both sets' values, a record in both (by id) taken from `later`. */
function joinRRsets(zoneName: string, earlier: RRset, later: RRset): RRset {
  const ids = new Set(later.values.map((v) => v.id));
  return makeRRset(zoneName, [...earlier.values.filter((v) => !ids.has(v.id)), ...later.values]);
}

/**
 * Records grouped into RRsets, sorted by key: the part of adding a page that does not need the
 * list, done when the page arrives. A record given twice (pages overlap by one) is kept once.
 */
export function groupRecords(zoneName: string, records: readonly DnsRecord[]): RRset[] {
  const groups = new Map<string, Map<string, DnsRecord>>();
  for (const r of records) {
    const k = `${r.name} ${r.type}`;
    const g = groups.get(k);
    if (g) g.set(r.id, r);
    else groups.set(k, new Map([[r.id, r]]));
  }
  const sets: RRset[] = [];
  for (const g of groups.values()) sets.push(makeRRset(zoneName, [...g.values()]));
  return sets.sort(byKey);
}

/** Several pages' RRsets as one sorted run: an RRset cut by a page boundary is joined. */
export function joinRuns(zoneName: string, runs: readonly (readonly RRset[])[]): RRset[] {
  if (runs.length === 1) return [...runs[0]!];
  const all = runs.flat().sort(byKey);
  const out: RRset[] = [];
  for (const s of all) {
    const last = out.at(-1);
    if (last && last.key === s.key) out[out.length - 1] = joinRRsets(zoneName, last, s);
    else out.push(s);
  }
  return out;
}

/**
 * Adds RRsets (sorted, one per key) to the list in one pass: one already held gets the new
 * values (a record already held, by id, is replaced), a new one goes to its place.
 */
export function addRRsets(
  list: RecordList,
  incoming: readonly RRset[],
  page: { zoneName: string; total: number },
): RecordList {
  const { zoneName } = page;
  const held = list.sets;
  const sets: RRset[] = [];
  let count = list.count;
  let i = 0;
  for (const s of incoming) {
    while (i < held.length && held[i]!.key < s.key) sets.push(held[i++]!);
    if (i < held.length && held[i]!.key === s.key) {
      const joined = joinRRsets(zoneName, held[i]!, s);
      count += joined.values.length - held[i]!.values.length;
      sets.push(joined);
      i++;
    } else {
      count += s.values.length;
      sets.push(s);
    }
  }
  while (i < held.length) sets.push(held[i++]!);
  return { ...list, zoneName, sets, count, total: page.total };
}

/** `groupRecords` then `addRRsets`: a page of records added to the list. */
export function addRecords(
  list: RecordList,
  records: readonly DnsRecord[],
  page: { zoneName: string; total: number },
): RecordList {
  return addRRsets(list, groupRecords(page.zoneName, records), page);
}

/**
 * Changes one RRset: `change` gets its values (none when the list has no such RRset) and gives
 * the new ones; none removes the RRset. `total` follows the change in count.
 */
export function editRRset(
  list: RecordList,
  at: { name: string; type: string },
  change: (values: readonly DnsRecord[]) => readonly DnsRecord[],
): RecordList {
  const key = keyOf(list.zoneName, at);
  const { index, found } = locate(list.sets, key);
  const before = found ? list.sets[index]!.values : [];
  const after = change(before);
  if (before.length === 0 && after.length === 0) return list;
  const sets = [...list.sets];
  if (after.length === 0) sets.splice(index, 1);
  else sets.splice(index, found ? 1 : 0, makeRRset(list.zoneName, after));
  const delta = after.length - before.length;
  return { ...list, sets, count: list.count + delta, total: list.total + delta };
}

/** The values of the RRset at `at` (none when the list has no such RRset). */
export function rrsetValues(
  list: RecordList,
  at: { name: string; type: string },
): readonly DnsRecord[] {
  const { index, found } = locate(list.sets, keyOf(list.zoneName, at));
  return found ? list.sets[index]!.values : [];
}

/** Every record, in list order (what the record form checks a new value against). */
export function allRecords(list: RecordList): DnsRecord[] {
  const out: DnsRecord[] = [];
  for (const s of list.sets) for (const v of s.values) out.push(v);
  return out;
}

/** The record with this id, and its RRset. */
export function findRecord(
  list: RecordList,
  id: string,
): { record: DnsRecord; set: RRset } | undefined {
  for (const set of list.sets) {
    for (const record of set.values) if (record.id === id) return { record, set };
  }
  return undefined;
}
