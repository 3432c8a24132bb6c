// What a write to existing records expects to find (ADR 0028): the values it names still
// stored, and, with If-Match, still the version the client saw. Checked inside the write's
// transaction, on the RRsets the write reads anyway for its journal.
import {
  recordVersion,
  rrsetVersion,
  versionMatches,
  type VersionedRecord,
} from '../../shared/api/versions';
import { recordId } from './ids';
import { rrsetKey, type States } from './journal';
import type { RecordRow } from './records';

/** The record a write names is gone: deleted since it was read. The route answers 404. */
export class RecordGone extends Error {}

/** A stored value as the API shows it. */
export type CurrentRecord = VersionedRecord & { id: string };

/**
 * A write made from a version of the record (or RRset) that is no longer current: If-Match did
 * not match. The route answers 412 with what is current, so that the client can show it.
 */
export class StaleWrite extends Error {
  constructor(
    message: string,
    readonly version: string,
    readonly current: CurrentRecord[],
  ) {
    super(message);
  }
}

/** What a write to existing records expects: the versions of If-Match, of each record or of the RRset. */
export interface Expected {
  ifMatch: string[] | '*' | undefined;
  scope: 'record' | 'rrset';
}

export const anyVersion: Expected = { ifMatch: undefined, scope: 'record' };

/** What names a stored value. */
export type ValueRef = Pick<RecordRow, 'id' | 'name' | 'type' | 'content'>;

/** The records `rows` name as `before` holds them (each RRset read whole), or RecordGone. */
function currentRecords(before: States, rows: readonly ValueRef[]): CurrentRecord[] {
  return rows.map((row) => {
    const state = before.get(rrsetKey(row));
    const value = state?.values.find((v) => v.content === row.content);
    if (!state || !value) {
      throw new RecordGone(
        `The ${row.type} record "${row.content}" at ${row.name} no longer exists: it was changed or deleted since it was read. Reload the records and try again.`,
      );
    }
    const { id, name, type, content } = row;
    return {
      id,
      name,
      type,
      content,
      ttl: state.ttl,
      comment: state.comment,
      disabled: value.disabled,
    };
  });
}

const sent = (ifMatch: string[] | '*') => (ifMatch === '*' ? '*' : ifMatch.join(', '));

/**
 * Checks that what `rows` name is still there and, with If-Match, still the version the client
 * saw. Returns the records as they are now: those of `rows`, or with scope `rrset` every value
 * of the RRset (what a whole-RRset write must act on, not the list read before it began).
 */
export function checkExpected(
  zoneId: string,
  before: States,
  rows: readonly ValueRef[],
  expected: Expected,
): CurrentRecord[] {
  const first = rows[0];
  if (!first) return [];
  const { ifMatch } = expected;
  if (expected.scope === 'record') {
    const current = currentRecords(before, rows);
    if (ifMatch === undefined) return current;
    // Several rows are one value stored in two spellings (TXT, from before they were refused):
    // the version of either is the client's view of it.
    const versions = current.map(recordVersion);
    if (!versions.some((v) => versionMatches(ifMatch, v))) {
      const rec = current[0]!;
      throw new StaleWrite(
        `The ${rec.type} record "${rec.content}" at ${rec.name} changed since you read it (you sent version ${sent(ifMatch)}; it is now ${versions.join(', ')}). Read it again, and send its new version to write over the change.`,
        versions.join(', '),
        current,
      );
    }
    return current;
  }
  const state = before.get(rrsetKey(first));
  if (!state?.values.length) {
    throw new RecordGone(
      `There is no longer any ${first.type} record at ${first.name}: it was deleted since it was read.`,
    );
  }
  const { name, type } = first;
  const { ttl, comment } = state;
  const all = state.values.map(({ content, disabled }) => ({
    id: recordId(zoneId, name, type, content),
    ...{ name, type, content, ttl, comment, disabled },
  }));
  if (ifMatch === undefined) return all;
  const version = rrsetVersion(all);
  if (!versionMatches(ifMatch, version)) {
    throw new StaleWrite(
      `The ${type} records at ${name} changed since you read them (you sent version ${sent(ifMatch)}; they are now ${version}). Read them again, and send their new version to write over the change.`,
      version,
      all,
    );
  }
  return all;
}
