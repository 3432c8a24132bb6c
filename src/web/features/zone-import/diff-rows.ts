// One RRset of an import's diff as the preview draws it: added, removed, or changed with each
// value marked (+ added, − removed, kept) and the TTL before → after.
import type { RRsetDiff } from '../../../shared/api/changes';

export type DiffKind = 'added' | 'removed' | 'changed';
export type ValueMark = 'added' | 'removed' | 'kept';

export interface DiffValue {
  mark: ValueMark;
  content: string;
  /** Disabled after the import (or before it, for a removed value). */
  disabled: boolean;
  /** Kept, but enabled or disabled by the import. */
  toggled: boolean;
}

export interface DiffRow {
  kind: DiffKind;
  /** Relative to the zone: "www", "@" for the apex. */
  name: string;
  type: string;
  ttlBefore: number | null;
  ttlAfter: number | null;
  values: DiffValue[];
}

export const diffKind = (d: RRsetDiff): DiffKind =>
  d.before === null ? 'added' : d.after === null ? 'removed' : 'changed';

/** "www.example.com." in example.com is "www"; the apex is "@"; a name outside stays absolute. */
export function relativeName(name: string, zone: string): string {
  const apex = `${zone.replace(/\.$/, '')}.`.toLowerCase();
  const lower = name.toLowerCase();
  if (lower === apex) return '@';
  return lower.endsWith(`.${apex}`) ? name.slice(0, -apex.length - 1) : name;
}

export function diffRow(d: RRsetDiff, zone: string): DiffRow {
  const before = new Map((d.before?.values ?? []).map((v) => [v.content, v]));
  const after = new Map((d.after?.values ?? []).map((v) => [v.content, v]));
  const values: DiffValue[] = [];
  for (const [content, v] of after) {
    const old = before.get(content);
    values.push({
      mark: old ? 'kept' : 'added',
      content,
      disabled: v.disabled,
      toggled: old !== undefined && old.disabled !== v.disabled,
    });
  }
  for (const [content, v] of before) {
    if (!after.has(content))
      values.push({ mark: 'removed', content, disabled: v.disabled, toggled: false });
  }
  values.sort((a, b) => (a.content < b.content ? -1 : a.content > b.content ? 1 : 0));
  return {
    kind: diffKind(d),
    name: relativeName(d.name, zone),
    type: d.type,
    ttlBefore: d.before?.ttl ?? null,
    ttlAfter: d.after?.ttl ?? null,
    values,
  };
}
