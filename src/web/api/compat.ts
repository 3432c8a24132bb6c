// The hosted service's variants (the (compat) lines of api-decisions.md), turned into the
// reference shapes before any schema looks at them. No zod here: the entry chunk uses it.
type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{ zone: {...} }` → `{...}`: single objects may come wrapped in their resource name. */
export function unwrapSingle(value: unknown, name: string): unknown {
  if (isObj(value) && isObj(value[name]) && !('id' in value)) return value[name];
  return value;
}

/** `type: "master"` is the same as `primary`; DNSSEC state may sit at top level or in settings. */
export function normalizeZone(value: unknown): unknown {
  if (!isObj(value)) return value;
  const settings = isObj(value.settings) ? value.settings : {};
  const top = value.dnssec_enabled;
  const nested = settings.dnssec_enabled;
  const dnssec = typeof top === 'boolean' ? top : typeof nested === 'boolean' ? nested : false;
  return {
    ...value,
    type: value.type === 'master' || value.type === undefined ? 'primary' : value.type,
    customer_id: value.customer_id ?? '',
    dnssec_enabled: dnssec,
    settings: { ...settings, dnssec_enabled: dnssec },
    nameservers: value.nameservers ?? [],
  };
}

/** A zone list: the reference `{ zones, pagination }`, or a bare array (one page holding all). */
export function normalizeZoneList(value: unknown): unknown {
  const list = Array.isArray(value) ? { zones: value } : value;
  if (!isObj(list) || !Array.isArray(list.zones)) return list;
  const zones = list.zones.map(normalizeZone);
  const pagination = list.pagination ?? {
    total: zones.length,
    offset: 0,
    limit: zones.length,
    count: zones.length,
    has_more: false,
  };
  return { ...list, zones, pagination };
}
