// Rules about what may share a name, checked against the records already there: the dashboard
// checks them before submitting, with the same wording as the service's 409 answers.
import { SINGLE_VALUE_TYPES, type RecordType } from './records';
import { sameValue } from './zone-file/content-key';

export interface ValueAtName {
  type: string;
  /** Canonical content, as the service stores it. */
  content: string;
}

export interface RRsetRuleInput {
  type: RecordType;
  /** Canonical content of the value being written. */
  content: string;
  /** How messages name the owner: "www", "@". */
  displayName: string;
  atApex: boolean;
  /** The other values at the same owner name (the value being edited left out). */
  others: readonly ValueAtName[];
}

export type RRsetProblem =
  | { code: 'record_already_exists'; field: 'content'; message: string }
  | { code: 'cname_conflict' | 'single_value'; field: 'type'; message: string }
  | { code: 'invalid_record_name'; field: 'name'; message: string };

const article = (type: string) => (/^[AEFHILMNORSX]/.test(type) ? 'an' : 'a');
const listTypes = (types: string[]) =>
  types.length === 1
    ? `${article(types[0] ?? '')} ${types[0]} record`
    : `${types.slice(0, -1).join(', ')} and ${types.at(-1)} records`;

/** The first rule a new value would break, or null. Mirrors the service's create checks. */
export function rrsetProblem(w: RRsetRuleInput): RRsetProblem | null {
  const name = w.displayName;
  if (w.type === 'NS' && w.atApex) {
    return {
      code: 'invalid_record_name',
      field: 'name',
      message:
        'The NS records at the zone apex are managed by the service; add NS records below the apex to delegate a subdomain.',
    };
  }
  const sameType = w.others.filter((o) => o.type === w.type);
  const same = sameType.find((o) => sameValue(w.type, o.content, w.content));
  if (same) {
    const spelled = same.content === w.content ? '' : ` (the same value as "${w.content}")`;
    return {
      code: 'record_already_exists',
      field: 'content',
      message: `${name} already has the ${w.type} record "${same.content}"${spelled}.`,
    };
  }
  if (SINGLE_VALUE_TYPES.has(w.type) && sameType.length > 0) {
    return {
      code: 'single_value',
      field: 'type',
      message: `${name} already has ${article(w.type)} ${w.type} record, and ${w.type} allows only one value; edit that one instead.`,
    };
  }
  const otherTypes = [...new Set(w.others.map((o) => o.type))].filter((t) => t !== w.type);
  const conflict = (message: string): RRsetProblem => ({
    code: 'cname_conflict',
    field: 'type',
    message,
  });
  if (w.type === 'CNAME') {
    if (w.atApex)
      return conflict(
        'A CNAME cannot be at the zone apex, which always holds SOA and NS records; use ALIAS there instead.',
      );
    if (otherTypes.length)
      return conflict(
        `${name} already has ${listTypes(otherTypes)}; a CNAME must be alone at its name.`,
      );
  } else if (otherTypes.includes('CNAME')) {
    return conflict(
      `${name} has a CNAME record; a CNAME must be alone at its name, so delete it first or use another name.`,
    );
  }
  if (w.type === 'ALIAS' && otherTypes.some((t) => t === 'A' || t === 'AAAA')) {
    return conflict(
      `${name} already has A or AAAA records; an ALIAS answers those types itself, so it cannot share the name with them.`,
    );
  }
  if ((w.type === 'A' || w.type === 'AAAA') && otherTypes.includes('ALIAS')) {
    return conflict(
      `${name} has an ALIAS record, which answers A and AAAA queries; delete it before adding ${w.type} records.`,
    );
  }
  return null;
}
