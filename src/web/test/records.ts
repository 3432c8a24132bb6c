// Records as the API answers them, for the tests of the records list and its writes.
import type { DnsRecord } from '../../shared/api/records';

/** Record `i` of a zone of numbered hosts (h00000.example.com. …), in name order. */
export const testRecord = (i: number, overrides: Partial<DnsRecord> = {}): DnsRecord => ({
  id: `rec_${i}`,
  name: `h${String(i).padStart(5, '0')}.example.com.`,
  type: 'A',
  content: '192.0.2.1',
  ttl: 3600,
  disabled: false,
  comment: null,
  ...overrides,
});
