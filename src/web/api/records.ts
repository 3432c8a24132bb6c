// Records: every record of a zone in one cached list, streamed in page by page so that the first
// rows show while the rest load, and the writes, which update that list optimistically and put
// it back when the service refuses. One module per job; this one names what the features use.
export type { DnsRecord } from '../../shared/api/records';
export type { RecordList, RRset } from './record-list';
export type { RecordChange, RecordChangeResult, RecordInput } from './record-change';
export { recordKeys } from './record-keys';
export { PAGES_IN_FLIGHT, RECORD_PAGE_SIZE, recordPages } from './record-pages';
export { recordListQuery, useRecords } from './record-list-query';
export { applyOptimistic, PENDING_PREFIX } from './record-optimistic';
export { recordChangeOptions, useRecordChange } from './record-mutation';
export { isRecordPending, usePendingRecordIds } from './record-pending';
