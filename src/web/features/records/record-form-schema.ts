// The record form's schema: the shared field rules (TTL, comment, name, content per type), then
// the rules that need the zone's loaded records (duplicates, CNAME conflicts, single values).
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { commentSchema, ttlSchema } from '../../../shared/api/fields';
import { TTL_DEFAULT } from '../../../shared/dns/limits';
import { normalizeRecordName } from '../../../shared/dns/names';
import { normalizeContent, RECORD_TYPES, type RecordType } from '../../../shared/dns/records';
import { rrsetProblem } from '../../../shared/dns/rrset-rules';
import type { DnsRecord } from '../../api/records';
import {
  assemble,
  emptyStructured,
  isStructured,
  partOfError,
  partsOf,
  type ParamRow,
} from './structured';

export interface RecordFormValues {
  name: string;
  type: RecordType;
  /** Sub-fields ("fields") or the content text ("raw"); only structured types have a choice. */
  mode: 'fields' | 'raw';
  content: string;
  parts: Record<string, string>;
  params: ParamRow[];
  ttl: number;
  comment: string;
  disabled: boolean;
}

export interface RecordFormOutput {
  /** Absolute, with the trailing dot. */
  name: string;
  relative: string;
  type: RecordType;
  /** Canonical. */
  content: string;
  ttl: number;
  comment: string | null;
  disabled: boolean;
}

/** The record form, as react-hook-form holds it: its values in, the schema's output out. */
export type RecordFormApi = UseFormReturn<RecordFormValues, unknown, RecordFormOutput>;

export const RECORD_FORM_FIELDS = ['name', 'type', 'content', 'ttl', 'comment'] as const;

export function newRecordDefaults(type: RecordType = 'A', ttl = TTL_DEFAULT): RecordFormValues {
  return {
    name: '',
    type,
    mode: 'fields',
    content: '',
    ...emptyStructured(type),
    ttl,
    comment: '',
    disabled: false,
  };
}

/** The content the form stands for: assembled from the sub-fields, or the raw text. */
export function contentOf(
  v: Pick<RecordFormValues, 'type' | 'mode' | 'content' | 'parts' | 'params'>,
) {
  return isStructured(v.type) && v.mode === 'fields'
    ? assemble(v.type, { parts: v.parts, params: v.params })
    : v.content;
}

/**
 * The name a new record's form means. A name typed in full, "www.example.com" in the zone
 * example.com, is that name, as in the dashboards people come from (the API reads a name without
 * a final dot as relative, which would make it www.example.com.example.com, shown in the table
 * as "www.example.com" and easily taken for what was meant). A name with its final dot is taken
 * exactly as written, so such a name can still be made: www.example.com.example.com.
 */
export function nameAsMeant(input: string, zoneName: string): string {
  const typed = input.trim();
  if (typed === '' || typed === '@' || /[.。．｡]$/.test(typed)) return typed;
  // Read as absolute, the name is inside the zone exactly when it ends in the zone's name, in any
  // case, in Unicode or A-labels, with any of the dots IDNA allows (the shared rules decide).
  const absolute = normalizeRecordName(`${typed}.`, zoneName);
  return absolute.ok ? `${typed}.` : typed;
}

export interface RecordFormContext {
  zoneName: string;
  records: readonly DnsRecord[];
  /** The value being edited: name and type are fixed, and it is not its own duplicate. */
  editing: DnsRecord | null;
}

export function recordFormSchema(ctx: RecordFormContext) {
  return z
    .object({
      name: z.string(),
      type: z.enum(RECORD_TYPES),
      mode: z.enum(['fields', 'raw']),
      content: z.string(),
      parts: z.record(z.string(), z.string()),
      params: z.array(z.object({ key: z.string(), value: z.string() })),
      // Checked below with the shared schemas, so that every field's problem shows at once.
      ttl: z.unknown(),
      comment: z.string(),
      disabled: z.boolean(),
    })
    .transform((v, issue): RecordFormOutput => {
      const add = (path: PropertyKey[], message: string) =>
        issue.addIssue({ code: 'custom', path, message });
      const fail = (path: PropertyKey[], message: string) => {
        add(path, message);
        return z.NEVER;
      };
      const ttl = ttlSchema.safeParse(v.ttl);
      if (!ttl.success) add(['ttl'], ttl.error.issues[0]?.message ?? 'Invalid TTL.');
      const comment = commentSchema.safeParse(v.comment);
      if (!comment.success)
        add(['comment'], comment.error.issues[0]?.message ?? 'Invalid comment.');
      // Editing keeps the record's name, shown relative: it is never read again as a full name.
      const typed = ctx.editing ? v.name : nameAsMeant(v.name, ctx.zoneName);
      const name = normalizeRecordName(typed, ctx.zoneName);
      if (!name.ok) add(['name'], name.message);

      const fields = isStructured(v.type) && v.mode === 'fields';
      if (fields) {
        // A field the form asks for though the type allows it empty (whenEmpty: a CAA value) is
        // asked for only of a new record: an existing one may keep its empty value.
        const empty = (partsOf(v.type) ?? []).filter(
          (d) =>
            !d.optional &&
            !(ctx.editing && d.whenEmpty !== undefined) &&
            (v.parts[d.key] ?? '').trim() === '',
        );
        for (const d of empty)
          add(['parts', d.key], d.whenEmpty ?? `Enter the ${d.label.toLowerCase()}.`);
        if (empty.length) return z.NEVER;
        // A space inside a host name would be read as more fields, and the type's parser could
        // only say it counted too many: name the field instead.
        const split = (partsOf(v.type) ?? []).filter(
          (d) => d.kind === 'text' && d.oneWord && /\s/.test((v.parts[d.key] ?? '').trim()),
        );
        for (const d of split) {
          add(
            ['parts', d.key],
            `The ${d.label.toLowerCase()} is one host name and cannot contain spaces; remove them.`,
          );
        }
        if (split.length) return z.NEVER;
        if (v.params.some((p) => p.key.trim() === ''))
          return fail(['params'], 'Choose a key for every parameter, or remove the row.');
      }
      const content = normalizeContent(v.type, contentOf(v));
      if (!content.ok) {
        const part = fields ? partOfError(v.type, content) : null;
        const path = part === 'params' ? ['params'] : part ? ['parts', part] : ['content'];
        return fail(path, content.message);
      }
      if (!name.ok) return z.NEVER;

      const others = ctx.records.filter(
        (r) => r.name === name.value.fqdn && r.id !== ctx.editing?.id,
      );
      const problem = rrsetProblem({
        type: v.type,
        content: content.value,
        displayName: name.value.relative,
        atApex: name.value.relative === '@',
        // Editing keeps name and type: only a duplicate value can be new.
        others: ctx.editing ? others.filter((o) => o.type === v.type) : others,
      });
      if (problem && !(ctx.editing && problem.field !== 'content'))
        return fail([problem.field], problem.message);
      if (!ttl.success || !comment.success) return z.NEVER;
      return {
        name: name.value.fqdn,
        relative: name.value.relative,
        type: v.type,
        content: content.value,
        ttl: ttl.data,
        comment: comment.data === '' ? null : comment.data,
        disabled: v.disabled,
      };
    });
}
