// The form's side of a structured record type (MX, SRV, CAA, ...): sub-fields to content and back,
// for every type alike. What the sub-fields are, their defaults and how they convert all come from
// the type's spec in the shared registry; this file knows no type by name.
import {
  isNumericPart,
  specOf,
  type PartDef,
  type PartOption,
  type RecordType,
  type SubFields,
} from '../../../shared/dns/records';
import type { Err } from '../../../shared/dns/result';

export type { ParamRow, PartDef, PartOption } from '../../../shared/dns/records';
export type Structured = SubFields;

/** The sub-fields of a type, or undefined when its content is one text (A, TXT, CNAME, ...). */
export const partsOf = (type: RecordType): readonly PartDef[] | undefined =>
  specOf(type).form?.parts;
export const isStructured = (type: RecordType) => specOf(type).form !== undefined;
/** The SvcParam keys a parameter row offers, or undefined when the type has no parameters. */
export const paramKeysOf = (type: RecordType) => specOf(type).form?.params?.keys;

export function emptyStructured(type: RecordType): Structured {
  const parts: Record<string, string> = {};
  for (const d of partsOf(type) ?? [])
    parts[d.key] = d.default ?? (d.kind === 'select' ? d.options[0]?.value : undefined) ?? '';
  return { parts, params: [] };
}

const INT = /^\s*\d{1,10}\s*$/;

/**
 * Content from the sub-fields, through the type's `format`. A number that is not one is passed on
 * as typed, so that the type's `parse` names the problem in its own words.
 */
export function assemble(type: RecordType, s: Structured): string {
  const spec = specOf(type);
  const form = spec.form;
  if (!form) return '';
  const typed = (d: PartDef) => (s.parts[d.key] ?? '').trim();
  if (form.parts.some((d) => isNumericPart(d) && !INT.test(typed(d)))) {
    const raw = form.parts.map(typed);
    if (form.params) raw.push(...s.params.map((r) => `${r.key}=${r.value}`));
    return raw.filter(Boolean).join(' ');
  }
  return spec.format(form.fromParts(s));
}

/** The sub-fields of a content, or null when it does not parse (it stays raw then). */
export function disassemble(type: RecordType, content: string): Structured | null {
  const spec = specOf(type);
  if (!spec.form) return null;
  const parsed = spec.parse(content);
  return parsed.ok ? spec.form.toParts(parsed.value) : null;
}

/** Where the form shows a problem: a sub-field, the parameter rows, or (null) the whole value. */
export function partOfError(type: RecordType, e: Pick<Err, 'field'>): string | null {
  const form = specOf(type).form;
  if (!form || e.field === undefined) return null;
  if (e.field === 'params') return form.params ? 'params' : null;
  return form.parts.some((d) => d.key === e.field) ? e.field : null;
}

/** Options of a select, with the current value added when it is not one of them (a rare tag). */
export function optionsWith(def: PartDef, value: string): readonly PartOption[] {
  const options = def.kind === 'select' ? def.options : [];
  return value === '' || options.some((o) => o.value === value)
    ? options
    : [...options, { value, label: value }];
}
