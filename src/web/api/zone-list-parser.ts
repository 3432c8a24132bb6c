// The zone list answer, checked without zod: the home page's initial load cannot carry zod's
// 14–24 KB (gzipped). zone-list-parser.test.ts holds it to the shared zoneListSchema: same
// verdict, same output, on generated answers.
import type { Pagination, ZoneListItem } from '../../shared/api';
import { isObj, normalizeZoneList } from './compat';
import type { ParseIssue, Parser, ParseResult } from './parser';

export interface ZoneList {
  zones: ZoneListItem[];
  pagination: Pagination;
}

const ITEM_STRINGS = [
  'id',
  'customer_id',
  'name',
  'type',
  'region',
  'status',
  'created_at',
  'updated_at',
] as const;
const PAGE_INTS = ['total', 'offset', 'limit', 'count'] as const;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function item(v: unknown, path: PropertyKey[], issues: ParseIssue[]): ZoneListItem {
  const out: Record<string, unknown> = {};
  if (!isObj(v)) {
    issues.push({ path, message: 'expected an object' });
    return out as unknown as ZoneListItem;
  }
  for (const k of ITEM_STRINGS) {
    if (typeof v[k] === 'string') out[k] = v[k];
    else issues.push({ path: [...path, k], message: 'expected a string' });
  }
  const s = v.settings;
  if (isObj(s) && typeof s.dnssec_enabled === 'boolean') {
    out.settings = { dnssec_enabled: s.dnssec_enabled };
  } else {
    issues.push({ path: [...path, 'settings', 'dnssec_enabled'], message: 'expected a boolean' });
  }
  return out as unknown as ZoneListItem;
}

function pagination(v: unknown, issues: ParseIssue[]): Pagination {
  const out: Record<string, unknown> = {};
  if (!isObj(v)) {
    issues.push({ path: ['pagination'], message: 'expected an object' });
    return out as unknown as Pagination;
  }
  for (const k of PAGE_INTS) {
    if (isInt(v[k])) out[k] = v[k];
    else issues.push({ path: ['pagination', k], message: 'expected an integer' });
  }
  if (typeof v.has_more === 'boolean') out.has_more = v.has_more;
  else issues.push({ path: ['pagination', 'has_more'], message: 'expected a boolean' });
  return out as unknown as Pagination;
}

export const zoneListParser: Parser<ZoneList> = {
  safeParse(value: unknown): ParseResult<ZoneList> {
    const v = normalizeZoneList(value);
    const issues: ParseIssue[] = [];
    if (!isObj(v))
      return { success: false, error: { issues: [{ path: [], message: 'expected an object' }] } };
    let zones: ZoneListItem[] = [];
    if (Array.isArray(v.zones)) zones = v.zones.map((z, i) => item(z, ['zones', i], issues));
    else issues.push({ path: ['zones'], message: 'expected an array' });
    const page = pagination(v.pagination, issues);
    return issues.length
      ? { success: false, error: { issues } }
      : { success: true, data: { zones, pagination: page } };
  },
};
