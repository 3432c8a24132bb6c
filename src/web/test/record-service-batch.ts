// The batch and revert routes of the test records service (record-service.ts), as the real ones
// answer: a batch's update or delete of a record that is gone is 404 and one whose if_match is not
// the record's version is 412 (details.index, details.version, details.records), nothing written
// (ADR 0028); a revert of a batch whose RRsets changed again since is 409 change_conflict.
import type { BatchOperation, RRsetState } from '../../shared/api/changes';
import type { DnsRecord } from '../../shared/api/records';
import { recordVersion } from '../../shared/api/versions';
import { errorBody } from './render';

export const ok = (data: unknown, status = 200) => ({ status, body: { status: 'success', data } });

interface Store {
  records: DnsRecord[];
  put: (current: DnsRecord, patch: Partial<DnsRecord>) => DnsRecord;
}

type RRsetKey = { name: string; type: string };

/** What a change did: each RRset it touched, before and after. */
interface Applied {
  rrsets: { key: RRsetKey; before: DnsRecord[]; after: DnsRecord[] }[];
}

const same = (a: RRsetKey) => (b: RRsetKey) => a.name === b.name && a.type === b.type;

function stateOf(values: readonly DnsRecord[]): RRsetState {
  const first = values[0];
  if (!first) return null;
  const sorted = values
    .map((v) => ({ content: v.content, disabled: v.disabled }))
    .sort((a, b) => (a.content < b.content ? -1 : 1));
  return { ttl: first.ttl, comment: first.comment, values: sorted };
}

export function batchRoutes(store: Store) {
  const changes = new Map<string, Applied>();
  const applied: BatchOperation[][] = [];
  const reverted: string[] = [];
  let next = 0;
  const rrset = (k: RRsetKey) => store.records.filter(same(k));
  /** The answer of a write that touched `keys`, recorded as a change that can be reverted. */
  const change = (keys: RRsetKey[], before: Map<string, DnsRecord[]>) => {
    const id = `chg_${++next}`;
    const rrsets = keys.map((key) => ({
      key,
      before: before.get(`${key.name} ${key.type}`)!,
      after: rrset(key),
    }));
    changes.set(id, { rrsets });
    return {
      dry_run: false,
      change_id: id,
      serial: next + 1,
      counts: { added: 0, changed: keys.length, removed: 0 },
      rrsets: rrsets.map((r) => ({ ...r.key, before: stateOf(r.before), after: stateOf(r.after) })),
      settings: [],
      records: rrsets.flatMap((r) => r.after),
    };
  };

  function runBatch(ops: BatchOperation[]) {
    const named = ops.map((o) =>
      o.op === 'create' ? null : store.records.find((r) => r.id === o.id),
    );
    for (const [index, o] of ops.entries()) {
      if (o.op !== 'create' && !named[index]) {
        return {
          status: 404,
          body: errorBody(
            'record_not_found',
            `operations[${index}]: Record ${o.id} does not exist in this zone.`,
            { field: 'id', index },
          ),
        };
      }
    }
    for (const [index, o] of ops.entries()) {
      const current = named[index];
      if (o.op === 'create' || !current || o.if_match === undefined) continue;
      const version = recordVersion(current);
      if (o.if_match !== version) {
        return {
          status: 412,
          body: errorBody(
            'precondition_failed',
            `operations[${index}]: The ${current.type} record "${current.content}" at ${current.name} changed since you read it.`,
            { index, version, records: [current] },
          ),
        };
      }
    }
    applied.push(ops);
    const keys: RRsetKey[] = [];
    const before = new Map<string, DnsRecord[]>();
    for (const [index, o] of ops.entries()) {
      const current = named[index]!;
      const k = `${current.name} ${current.type}`;
      if (!before.has(k)) {
        before.set(k, rrset(current));
        keys.push({ name: current.name, type: current.type });
      }
      if (o.op === 'delete') store.records = store.records.filter((r) => r.id !== current.id);
      if (o.op === 'update') store.put(current, { ttl: o.ttl, disabled: o.disabled ?? false });
    }
    return ok(change(keys, before));
  }

  function revert(id: string) {
    const c = changes.get(id);
    if (!c) return { status: 404, body: errorBody('change_not_found', 'No such change.') };
    const moved = c.rrsets.filter(
      (r) => JSON.stringify(stateOf(rrset(r.key))) !== JSON.stringify(stateOf(r.after)),
    );
    if (moved.length) {
      return {
        status: 409,
        body: errorBody(
          'change_conflict',
          `Since change ${id}, ${moved.map((r) => `${r.key.type} ${r.key.name}`).join(', ')} changed again; reverting would overwrite that. Review the current state, or send "force": true to revert anyway.`,
          {
            rrsets: moved.map((r) => ({
              ...r.key,
              expected: stateOf(r.after),
              current: stateOf(rrset(r.key)),
            })),
          },
        ),
      };
    }
    reverted.push(id);
    const before = new Map(c.rrsets.map((r) => [`${r.key.name} ${r.key.type}`, rrset(r.key)]));
    for (const r of c.rrsets) {
      store.records = [...store.records.filter((x) => !same(r.key)(x)), ...r.before];
    }
    return ok(
      change(
        c.rrsets.map((r) => r.key),
        before,
      ),
    );
  }

  return {
    applied,
    reverted,
    /** The answer of a batch or revert request; undefined for any other route. */
    answer(method: string, path: string, body: unknown) {
      if (method !== 'POST') return undefined;
      if (path.endsWith('/records/batch')) {
        return runBatch((body as { operations: BatchOperation[] }).operations);
      }
      const revertOf = /\/changes\/([^/]+)\/revert$/.exec(path);
      return revertOf ? revert(revertOf[1]!) : undefined;
    },
  };
}
