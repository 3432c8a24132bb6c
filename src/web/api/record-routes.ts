// Which route a write takes: a lone value by its id, a value among several by name, type and its
// content (ids change with content; the RRset's name does not), a whole RRset by name and type.
import type { DnsRecord } from '../../shared/api/records';
import { apiRequest } from './client';
import {
  expectedVersion,
  type RecordChange,
  type RecordChangeResult,
  type RecordInput,
} from './record-change';
import { byNamePath, recordPath, recordsPath } from './record-keys';
import { recordDeleteParser, recordWriteParser } from './record-parsers';

export async function sendRecordChange(
  zoneId: string,
  change: RecordChange,
): Promise<RecordChangeResult> {
  // What the user saw of the records the change touches (ADR 0028): a 412 when it is no longer so.
  const version = expectedVersion(change);
  const headers = version ? { 'If-Match': version } : undefined;
  const write = async (path: string, method: 'POST' | 'PUT', body: unknown, query = {}) => {
    const record = await apiRequest(path, {
      method,
      body,
      query,
      headers,
      schema: recordWriteParser,
    });
    return { record, message: '' };
  };
  const remove = async (path: string) => {
    const r = await apiRequest(path, { method: 'DELETE', headers, schema: recordDeleteParser });
    return { record: null, message: r.message };
  };
  const body = (input: RecordInput, withName: boolean) => ({
    ...(withName ? { name: input.name, type: input.type } : {}),
    content: input.content,
    ttl: input.ttl,
    disabled: input.disabled,
    ...(input.comment === undefined ? {} : { comment: input.comment }),
  });
  const update = (current: DnsRecord, input: RecordInput, rrsetSize: number) =>
    rrsetSize > 1
      ? write(byNamePath(zoneId, current.name, current.type), 'PUT', body(input, false), {
          content: current.content,
        })
      : write(recordPath(zoneId, current.id), 'PUT', body(input, true));

  switch (change.kind) {
    case 'create':
      return write(recordsPath(zoneId), 'POST', body(change.input, true));
    case 'update':
      return update(change.current, change.input, change.rrsetSize);
    case 'toggle': {
      const c = change.current;
      const input = { ...c, disabled: !c.disabled, comment: undefined };
      return update(c, input, change.rrsetSize);
    }
    case 'delete':
      return remove(recordPath(zoneId, change.current.id));
    case 'delete-rrset':
      return remove(byNamePath(zoneId, change.name, change.type));
  }
}
