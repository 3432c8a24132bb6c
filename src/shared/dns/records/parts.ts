// The sub-fields of a structured record type, declared once per type; the conversion between its
// typed fields and the strings a form holds is generated from those declarations.

export interface PartOption {
  value: string;
  label: string;
}

interface PartBase {
  label: string;
  placeholder?: string;
  /** Empty is an acceptable value. */
  optional?: boolean;
  /** What the form says when the field is left empty, instead of "Enter the <label>.". */
  whenEmpty?: string;
  /** Takes a whole row of the form. */
  wide?: boolean;
  /** What a new record starts with; without it, the first option or empty. */
  default?: string;
}

export interface NumberPart extends PartBase {
  kind: 'number';
  min: number;
  max: number;
}

export interface TextPart extends PartBase {
  kind: 'text';
  /** Kept exactly as typed, surrounding spaces included (the type's format quotes it). */
  verbatim?: boolean;
  /** One word, a host name: a space inside it would split the value into more fields. */
  oneWord?: boolean;
}

export interface SelectPart<V extends 'number' | 'text'> extends PartBase {
  kind: 'select';
  /** Whether the chosen value is a number of the fields or a word. */
  of: V;
  options: readonly PartOption[];
}

/** The declaration a field of type V may have: numbers get number boxes or numeric selects. */
type PartFor<V> = V extends number
  ? NumberPart | SelectPart<'number'>
  : V extends string
    ? TextPart | SelectPart<'text'>
    : never;

/** One declaration per field of F, in the order the form shows them (the compiler checks all are there). */
export type PartsOf<F> = { [K in keyof F]-?: PartFor<F[K]> };

type Declared = NumberPart | TextPart | SelectPart<'number'> | SelectPart<'text'>;

export type PartDef = Declared & { key: string };

/** One SvcParam as the form holds it; an empty value means a key without a value. */
export interface ParamRow {
  key: string;
  value: string;
}

/** What a form holds for a structured type: each sub-field as typed, and parameter rows. */
export interface SubFields {
  parts: Record<string, string>;
  params: ParamRow[];
}

export interface StructuredForm<F> {
  parts: readonly PartDef[];
  /** SVCB/HTTPS: key=value parameters, edited as rows; `keys` are those a row offers. */
  params?: { keys: readonly string[] };
  /** Valid fields to what the form shows. */
  toParts(fields: F): SubFields;
  /** The form's strings to fields for the type's `format`; numbers must already read as numbers. */
  fromParts(sub: SubFields): F;
}

/** Whether a sub-field holds a number (a number box or a numeric select). */
export function isNumericPart(def: PartDef): boolean {
  return def.kind === 'number' || (def.kind === 'select' && def.of === 'number');
}

export function options(pairs: ReadonlyArray<readonly [number | string, string]>): PartOption[] {
  return pairs.map(([value, label]) => ({ value: String(value), label }));
}

/** The converter for a type whose fields are all sub-fields (everything but SVCB/HTTPS). */
export function structuredForm<F extends object>(declared: PartsOf<F>): StructuredForm<F> {
  const parts: PartDef[] = Object.entries(declared as Record<string, Declared>).map(([key, d]) => ({
    ...d,
    key,
  }));
  return {
    parts,
    toParts(fields) {
      const values = new Map<string, unknown>(Object.entries(fields));
      return {
        parts: Object.fromEntries(parts.map((d) => [d.key, String(values.get(d.key) ?? '')])),
        params: [],
      };
    },
    fromParts({ parts: typed }) {
      const entries = parts.map((d) => {
        const text = typed[d.key] ?? '';
        if (isNumericPart(d)) return [d.key, Number(text.trim())];
        return [d.key, d.kind === 'text' && d.verbatim ? text : text.trim()];
      });
      // Every key of F is declared (PartsOf) and converted by its kind, so this is an F.
      return Object.fromEntries(entries) as F;
    },
  };
}
